'use client';
import { Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import type { ApiResult } from '../../lib/api-result';

export interface DangerZoneProps {
  heading: string;
  title: string;
  /** What deleting does, said beside the button and again in the confirmation. */
  intro: string;
  buttonLabel: string;
  confirmLabel: string;
  confirmTitle: string;
  confirmDescription: string;
  cancelLabel: string;
  error?: string;
  onConfirm(): Promise<void> | void;
}

/** The settings pages' delete section (events, shops): a red box with a button that asks first. */
export function DangerZone({
  heading,
  title,
  intro,
  buttonLabel,
  confirmLabel,
  confirmTitle,
  confirmDescription,
  cancelLabel,
  error,
  onConfirm,
}: DangerZoneProps) {
  return (
    <section
      aria-labelledby="danger-zone"
      className="flex flex-col gap-3 rounded-lg border border-destructive/50 p-5"
      data-testid="danger-zone"
    >
      <h2 id="danger-zone" className="text-lg font-semibold text-destructive">
        {heading}
      </h2>
      {error && <FormAlert tone="error">{error}</FormAlert>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1">
          <h3 className="font-medium">{title}</h3>
          <p className="text-sm text-muted-foreground">
            {intro} {confirmDescription}
          </p>
        </div>
        <ConfirmDialog
          trigger={
            <Button variant="destructive">
              <Trash2 aria-hidden />
              {buttonLabel}
            </Button>
          }
          title={confirmTitle}
          description={confirmDescription}
          confirmLabel={confirmLabel}
          cancelLabel={cancelLabel}
          onConfirm={onConfirm}
        />
      </div>
    </section>
  );
}

export interface SettingsWithDangerZoneProps {
  intro: string;
  /** Said to a member who may look but not change (absent when they may). */
  readOnlyNote?: string;
  /** The edit form. */
  children: ReactNode;
  /** The delete section, for those who may delete; absent hides it. */
  danger?: Omit<DangerZoneProps, 'error' | 'onConfirm'> & {
    remove(): Promise<ApiResult<unknown>>;
    onDeleted(): void;
    /** Said when deleting fails without a message of its own. */
    unexpected: string;
  };
  testId: string;
}

/** A settings tab (an event's, a shop's): intro, the form, and the danger zone that deletes after asking. */
export function SettingsWithDangerZone({ intro, readOnlyNote, children, danger, testId }: SettingsWithDangerZoneProps) {
  const [error, setError] = useState<string>();
  const remove = async () => {
    if (!danger) return;
    setError(undefined);
    const result = await danger.remove();
    if (result.ok) danger.onDeleted();
    else setError(result.message || danger.unexpected);
  };
  return (
    <div className="flex max-w-3xl flex-col gap-8" data-testid={testId}>
      <p className="text-muted-foreground">{intro}</p>
      {readOnlyNote && <FormAlert tone="notice">{readOnlyNote}</FormAlert>}
      {children}
      {danger && <DangerZone {...danger} error={error} onConfirm={remove} />}
    </div>
  );
}
