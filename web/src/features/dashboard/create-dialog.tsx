'use client';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';

export interface CreateDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  cancelLabel: string;
  /** The form; it gets the Cancel button to put beside its submit button. */
  children(cancel: ReactNode): ReactNode;
}

/** A wide dialog holding a create form (an event, a shop), with Cancel closing it. */
export function CreateDialog({ open, onOpenChange, title, description, cancelLabel, children }: CreateDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children(
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>,
        )}
      </DialogContent>
    </Dialog>
  );
}
