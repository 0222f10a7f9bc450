'use client';
import { useTranslations } from 'next-intl';
import type { EventView } from '../../lib/event-model';
import { SettingsWithDangerZone } from '../dashboard/danger-zone';
import type { EventActions } from './event-actions';
import { EventForm } from './event-form';

export interface EventSettingsProps {
  event: EventView;
  canEdit: boolean;
  ownLocale: string;
  actions: Pick<EventActions, 'update' | 'remove'>;
  refresh(): void;
  /** After the event is deleted: back to the list. */
  onDeleted(): void;
}

/** The edit form and, for those who may change events, the danger zone with Delete. */
export function EventSettings({ event, canEdit, ownLocale, actions, refresh, onDeleted }: EventSettingsProps) {
  const t = useTranslations('Events.settings');
  const tForm = useTranslations('Events.form');
  const tErrors = useTranslations('Events.errors');
  const editable = canEdit && event.status !== 'deleted';
  return (
    <SettingsWithDangerZone
      testId="event-settings"
      intro={t('intro')}
      readOnlyNote={canEdit ? undefined : t('readOnly')}
      danger={
        editable
          ? {
              heading: t('dangerZone'),
              title: t('deleteTitle'),
              intro: t('deleteIntro'),
              buttonLabel: t('deleteButton'),
              confirmLabel: t('confirmDelete'),
              confirmTitle: t('confirmTitle', { name: event.name }),
              confirmDescription: t('confirmDescription'),
              cancelLabel: tForm('cancel'),
              unexpected: tErrors('unexpected'),
              remove: actions.remove,
              onDeleted,
            }
          : undefined
      }
    >
      <EventForm
        event={event}
        ownLocale={ownLocale}
        readOnly={!editable}
        submitLabel={tForm('save')}
        submittingLabel={tForm('saving')}
        onSubmit={actions.update}
        onSaved={refresh}
        confirmSaved
      />
    </SettingsWithDangerZone>
  );
}
