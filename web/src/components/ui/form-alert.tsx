import { CircleAlert, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A message about the whole form: an error (announced at once) or a notice (announced politely). */
export function FormAlert({
  tone,
  children,
  className,
}: {
  tone: 'error' | 'notice';
  children: ReactNode;
  className?: string;
}) {
  const Icon = tone === 'error' ? CircleAlert : Info;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={tone === 'error' ? 'form-error' : 'form-notice'}
      className={cn(
        'flex items-start gap-2 rounded-md border px-3 py-2 text-sm',
        tone === 'error'
          ? 'border-destructive/40 bg-destructive-muted text-destructive'
          : 'border-secondary/30 bg-info-muted text-foreground',
        className,
      )}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
