import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn';

/** The look of every text-like control; shared by Input, Textarea and native selects. */
export const controlClasses =
  'w-full rounded-md border border-input bg-background px-3 text-base outline-none transition-colors placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive';

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export function Input({ className, type = 'text', ...props }: InputProps) {
  return <input type={type} className={cn(controlClasses, 'h-10', className)} {...props} />;
}
