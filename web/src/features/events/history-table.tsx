'use client';
import { ArrowRight } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../components/ui/status-badge';
import type { HistoryEntryView } from '../../lib/event-model';
import {
  actionKey,
  fieldOfPath,
  historyChanges,
  type PropertyChange,
  type PropertyValue,
} from '../../lib/history-diff';
import { HistoryDataTable } from '../dashboard/history-data-table';
import { HistoryEmptyState } from '../dashboard/organisation-screens';
import { useFormatter } from '../../lib/formatter';

const DATE_FIELDS = new Set(['startsAt', 'endsAt']);
const COUNT_FIELDS = new Set(['ticketLimit', 'capacity']);
const KNOWN_FIELDS = new Set([
  'name',
  'description',
  'startsAt',
  'endsAt',
  'status',
  'ticketLimit',
  'capacity',
  'address',
  'city',
  'postalCode',
  'country',
  'locale',
]);
const KNOWN_ACTIONS = new Set(['created', 'updated', 'published', 'convertedToDraft', 'ended', 'deleted']);

/**
 * What another area's history (a shop's) says differently: which thing an entry is about, the labels of its own
 * fields and how their values read. Anything it leaves undefined reads as an event's history does.
 */
export interface HistoryVocabulary {
  entity(entityId: string): string;
  field(field: string): string | undefined;
  value?(field: string, value: PropertyValue): ReactNode | undefined;
  action?(key: string): string | undefined;
}

/** One changed property: its label, then from → to (only the new value for something that was empty). */
function ChangeRow({ change, vocabulary }: { change: PropertyChange; vocabulary?: HistoryVocabulary }) {
  const t = useTranslations('Events.history');
  const tLanguages = useTranslations('Events.languages');
  const format = useFormatter();
  const { field, locale } = fieldOfPath(change.path);
  const fieldLabel =
    vocabulary?.field(field) ?? (KNOWN_FIELDS.has(field) ? t(`fields.${field}` as 'fields.name') : field);
  const label = locale
    ? t('inLanguage', { field: fieldLabel, language: locale === 'nl' || locale === 'en' ? tLanguages(locale) : locale })
    : fieldLabel;

  const show = (value: PropertyValue) => {
    const own = vocabulary?.value?.(field, value);
    if (own !== undefined) return own;
    if (value === null || value === '') return COUNT_FIELDS.has(field) && value === null ? t('unlimited') : t('empty');
    if (field === 'status' && typeof value === 'string') return <StatusBadge status={value} />;
    if (DATE_FIELDS.has(field) && typeof value === 'string')
      return format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short' });
    if (typeof value === 'number') return format.number(value);
    return typeof value === 'string' ? value : JSON.stringify(value);
  };

  return (
    <li className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5">
      <span className="font-medium">{label}:</span>
      {change.from !== null && change.from !== '' && (
        <>
          <span className="text-muted-foreground line-through decoration-muted-foreground/60">{show(change.from)}</span>
          <ArrowRight aria-label="→" className="size-3.5 text-muted-foreground" />
        </>
      )}
      <span className="break-words">{show(change.to)}</span>
    </li>
  );
}

/** The event's and its ticket options' recorded changes, newest first (or another area's, in its vocabulary). */
export function HistoryTable({ entries, vocabulary }: { entries: HistoryEntryView[]; vocabulary?: HistoryVocabulary }) {
  const t = useTranslations('Events.history');
  const format = useFormatter();
  return (
    <HistoryDataTable
      namespace="Events.history"
      entries={entries}
      at={(entry) => entry.occurredAt}
      cells={{
        timestamp: (entry) => (
          <time dateTime={entry.occurredAt} className="whitespace-nowrap tabular-nums">
            {format.dateTime(new Date(entry.occurredAt), { dateStyle: 'medium', timeStyle: 'medium' })}
          </time>
        ),
        action: (entry) => {
          const key = actionKey(entry.action);
          return (
            <div className="flex flex-col">
              <span className="font-medium">
                {vocabulary?.action?.(key) ??
                  (KNOWN_ACTIONS.has(key) ? t(`actions.${key}` as 'actions.created') : entry.action)}
              </span>
              <span className="text-xs text-muted-foreground">
                {vocabulary
                  ? vocabulary.entity(entry.entityId)
                  : entry.entityId.startsWith('tko_')
                    ? t('entities.ticketOption')
                    : t('entities.event')}
              </span>
            </div>
          );
        },
        properties: (entry) => {
          const changes = historyChanges(entry.propertiesJson);
          return changes.length === 0 ? (
            <span className="text-muted-foreground">{t('noChanges')}</span>
          ) : (
            <ul className="flex max-w-xl flex-col gap-1 text-sm">
              {changes.map((change) => (
                <ChangeRow key={change.path} change={change} vocabulary={vocabulary} />
              ))}
            </ul>
          );
        },
        who: (actor) =>
          actor.kind === 'member' ? (
            actor.name
          ) : (
            <span className="text-muted-foreground">{actor.kind === 'system' ? t('system') : t('formerMember')}</span>
          ),
      }}
      empty={<HistoryEmptyState />}
    />
  );
}
