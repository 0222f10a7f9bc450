import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface NoticePanelProps {
  icon: LucideIcon;
  /** The icon's colours: a warning (no access) or neutral (something is gone). */
  tone: 'warning' | 'neutral';
  title: string;
  description: string;
  action: ReactNode;
  testId: string;
}

/** A page that can only explain itself (403, an invitation that is gone): the page's heading, why, and a way on. */
export function NoticePanel({ icon: Icon, tone, title, description, action, testId }: NoticePanelProps) {
  return (
    <section
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-lg border border-dashed border-border px-6 py-10 text-center"
      data-testid={testId}
    >
      <div
        className={cn(
          'flex size-12 items-center justify-center rounded-full',
          tone === 'warning' ? 'bg-warning-muted text-warning' : 'bg-muted text-muted-foreground',
        )}
      >
        <Icon aria-hidden className="size-6" />
      </div>
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-sm text-muted-foreground">{description}</p>
      <div className="mt-2">{action}</div>
    </section>
  );
}
