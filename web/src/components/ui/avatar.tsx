'use client';

import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';
import { initialsOf } from './initials';

export interface AvatarProps {
  name: string;
  /** A picture; the initials show until (and unless) it loads. */
  src?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const SIZES = { sm: 'size-7 text-xs', md: 'size-9 text-sm', lg: 'size-12 text-base' } as const;

export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      className={cn('relative inline-flex shrink-0 overflow-hidden rounded-full', SIZES[size], className)}
    >
      {src && <AvatarPrimitive.Image src={src} alt={name} className="size-full object-cover" />}
      <AvatarPrimitive.Fallback className="flex size-full items-center justify-center bg-muted font-medium text-muted-foreground">
        <span aria-hidden>{initialsOf(name)}</span>
        <span className="sr-only">{name}</span>
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
