'use client';

import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';

/** Put once near the root (or around a toolbar) so tooltips share their open delay. */
export const TooltipProvider = TooltipPrimitive.Provider;

export interface TooltipProps {
  /** A short extra hint; never the only name of a control (give icon buttons an aria-label or sr-only text). */
  content: ReactNode;
  /** One focusable element (a Button). */
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

/** Shows on hover and on keyboard focus; works with or without a TooltipProvider above it. */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  return (
    <TooltipPrimitive.Provider delayDuration={300}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={4}
            className="z-50 max-w-xs rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-foreground" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
