import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export interface SeparatorProps extends HTMLAttributes<HTMLDivElement> {
  orientation?: 'horizontal' | 'vertical';
  /** A purely visual line (the default) is hidden from assistive technology. */
  decorative?: boolean;
}

/** A line between groups; server-renderable (the radix one needs no state either, so plain markup suffices). */
export function Separator({ orientation = 'horizontal', decorative = true, className, ...props }: SeparatorProps) {
  const semantics = decorative ? { role: 'none' } : { role: 'separator', 'aria-orientation': orientation };
  return (
    <div
      {...semantics}
      data-orientation={orientation}
      className={cn('shrink-0 bg-border', orientation === 'horizontal' ? 'h-px w-full' : 'h-full w-px', className)}
      {...props}
    />
  );
}
