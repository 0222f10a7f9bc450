'use client';
import { Rocket, Undo2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { FormAlert } from '../../components/ui/form-alert';
import { StatusBadge } from '../../components/ui/status-badge';
import type { EventView } from '../../lib/event-model';
import { PublicLinkRow, StatusPanel } from '../dashboard/status-panel';
import type { EventActions } from './event-actions';
import { EventDates } from './event-dates';
import { locationLine } from './event-location';
import { useFormatter } from '../../lib/formatter';

export interface EventOverviewProps {
  event: EventView;
  canEdit: boolean;
  /** The public page's absolute URL. */
  publicUrl: string;
  actions: Pick<EventActions, 'publish' | 'convertToDraft'>;
  refresh(): void;
}

/** Status, dates, place, limits, the public link while live, and Publish / Convert to Draft. */
export function EventOverview({ event, canEdit, publicUrl, actions, refresh }: EventOverviewProps) {
  const t = useTranslations('Events.overview');
  const tErrors = useTranslations('Events.errors');
  const format = useFormatter();
  const hint = {
    draft: t('draftHint'),
    live: t('liveHint'),
    ended: t('endedHint'),
    deleted: event.removalAt
      ? t('deletedHint', { date: format.dateTime(new Date(event.removalAt), { dateStyle: 'long' }) })
      : undefined,
  }[event.status];
  const location = locationLine(event.location);

  return (
    <div className="flex flex-col gap-6" data-testid="event-overview">
      <StatusPanel
        label={t('status')}
        badge={<StatusBadge status={event.status} />}
        hint={hint}
        unexpected={tErrors('unexpected')}
        refresh={refresh}
        actions={
          !canEdit
            ? []
            : event.status === 'draft'
              ? [{ key: 'publish', label: t('publish'), icon: Rocket, run: actions.publish, done: t('published') }]
              : event.status === 'live' || event.status === 'ended'
                ? [
                    {
                      key: 'convert',
                      label: t('convertToDraft'),
                      icon: Undo2,
                      variant: 'outline',
                      run: actions.convertToDraft,
                      done: t('converted'),
                    },
                  ]
                : []
        }
      />
      {!canEdit && <FormAlert tone="notice">{t('readOnly')}</FormAlert>}
      <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-[max-content_1fr]">
        <dt className="text-sm text-muted-foreground">{t('dates')}</dt>
        <dd>
          <EventDates startsAt={event.startsAt} endsAt={event.endsAt} timeZone={event.timeZone} />
        </dd>
        <dt className="text-sm text-muted-foreground">{t('location')}</dt>
        <dd>{location || <span className="text-muted-foreground">{t('noLocation')}</span>}</dd>
        <dt className="text-sm text-muted-foreground">{t('ticketLimit')}</dt>
        <dd className="tabular-nums" data-testid="event-ticket-limit">
          {event.ticketLimit === null ? t('unlimited') : format.number(event.ticketLimit)}
        </dd>
        <dt className="text-sm text-muted-foreground">{t('ticketOptions')}</dt>
        <dd className="tabular-nums">{event.ticketOptionCount}</dd>
        {event.status === 'live' && <PublicLinkRow label={t('publicLink')} url={publicUrl} />}
      </dl>
      {event.description && <p className="max-w-prose whitespace-pre-line text-sm">{event.description}</p>}
    </div>
  );
}
