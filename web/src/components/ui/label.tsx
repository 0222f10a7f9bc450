import type { LabelHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export type LabelProps = LabelHTMLAttributes<HTMLLabelElement>;

/** A plain <label>: server-renderable, pairs with a control through htmlFor. */
export function Label({ className, ...props }: LabelProps) {
  return <label className={cn('text-sm font-medium', className)} {...props} />;
}
