import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

/** The ids a field's parts get, from the control's id: `email` → `email-hint`, `email-error`. */
export function fieldIds(id: string, parts: { description?: boolean; error?: boolean }) {
  const descriptionId = parts.description ? `${id}-hint` : undefined;
  const errorId = parts.error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return { descriptionId, errorId, describedBy };
}

/** What a control inside a Field receives so screen readers announce its label, hint and error. */
export interface FieldControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export interface FieldProps {
  /** The control's id; the label points at it and the hint/error ids derive from it. */
  id: string;
  label: ReactNode;
  /** A hint under the control. */
  description?: ReactNode;
  /** Already translated; shown under the control and announced with it. */
  error?: string;
  className?: string;
  /** One control (Input, Textarea, select...): it gets the id and aria attributes. */
  children: ReactElement<FieldControlProps>;
}

/** Label + control + hint + error, wired for assistive technology (aria-invalid, aria-describedby). */
export function Field({ id, label, description, error, className, children }: FieldProps) {
  const { descriptionId, errorId, describedBy } = fieldIds(id, {
    description: Boolean(description),
    error: Boolean(error),
  });
  const control = isValidElement(children)
    ? cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })
    : children;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {control}
      {description && (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
