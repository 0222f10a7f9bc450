import type { ReactNode } from 'react';

/** A titled card of the account page. */
export function AccountSection({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section
      className="flex flex-col gap-4 rounded-lg border border-border p-5"
      data-testid={testId}
      aria-label={title}
    >
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">{title}</h2>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}
