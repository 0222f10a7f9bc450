import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** A grey placeholder while content loads; hidden from screen readers (announce loading elsewhere, e.g. aria-busy). */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div aria-hidden data-slot="skeleton" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />
  );
}
