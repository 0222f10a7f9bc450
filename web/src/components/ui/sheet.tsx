'use client';

import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { overlayClasses } from './dialog';

/** A panel sliding in from an edge (the mobile sidebar): a radix Dialog, so focus is trapped and Escape closes it. */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

export const sheetVariants = cva('fixed z-50 flex flex-col gap-4 bg-background p-5 shadow-lg transition-transform', {
  variants: {
    side: {
      left: 'inset-y-0 left-0 h-full w-72 max-w-[85vw] border-r border-border',
      right: 'inset-y-0 right-0 h-full w-72 max-w-[85vw] border-l border-border',
      top: 'inset-x-0 top-0 border-b border-border',
      bottom: 'inset-x-0 bottom-0 border-t border-border',
    },
  },
  defaultVariants: { side: 'left' },
});

export interface SheetContentProps
  extends ComponentProps<typeof DialogPrimitive.Content>, VariantProps<typeof sheetVariants> {
  /** Named for screen readers; shown as a heading unless `hideTitle`. */
  title: string;
  hideTitle?: boolean;
}

export function SheetContent({ side, title, hideTitle = false, className, children, ...props }: SheetContentProps) {
  const t = useTranslations('Ui');
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        className={cn(sheetVariants({ side }), className)}
        {...props}
      >
        <DialogPrimitive.Title className={cn('text-lg font-semibold', hideTitle && 'sr-only')}>
          {title}
        </DialogPrimitive.Title>
        {children}
        <DialogPrimitive.Close className="absolute right-4 top-4 rounded-sm text-muted-foreground hover:text-foreground">
          <X aria-hidden className="size-4" />
          <span className="sr-only">{t('close')}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
