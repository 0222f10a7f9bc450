'use client';
// The shop's, its items' and its codes' recorded changes, in the event history's table with the shop's words.
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { HistoryEntryView } from '../../lib/event-model';
import type { PropertyValue } from '../../lib/history-diff';
import { formatMinor } from '../../lib/money-input';
import { itemDisplayName, type SellableEvent, type ShopItemView } from '../../lib/shop-model';
import { HistoryTable, type HistoryVocabulary } from '../events/history-table';
import { useFormatter } from '../../lib/formatter';

const DATE_FIELDS = new Set(['opensAt', 'closesAt', 'saleStart', 'saleEnd', 'validFrom', 'validUntil']);
const MONEY_FIELDS = new Set(['priceMinor', 'suggestedAmountsMinor']);
const SECRET_FIELDS = new Set(['password', 'passwordVersion']);
/** Ids the history shows by name. */
const ID_FIELDS = new Set(['eventIds', 'ticketOptionId', 'itemIds']);
const SHOP_FIELDS = new Set([
  'opensAt',
  'closesAt',
  'currency',
  'passwordProtected',
  'password',
  'passwordVersion',
  'reservationMinutes',
  'showComingSoon',
  'enabled',
  'suggestedAmountsMinor',
  'allowCustomAmount',
  'ticketOptionId',
  'eventIds',
  'priceMinor',
  'saleStart',
  'saleEnd',
  'maxPerOrder',
  'position',
  'code',
  'type',
  'value',
  'validFrom',
  'validUntil',
  'maxUses',
  'itemIds',
]);

/**
 * catalog records a password change as a new password version (and, when protection starts or stops, the
 * protected flag): one row "Password: Changed" says it without a version number nobody knows.
 */
export function withoutPasswordVersions(entry: HistoryEntryView): HistoryEntryView {
  let properties: Record<string, unknown>;
  try {
    properties = JSON.parse(entry.propertiesJson || '{}') as Record<string, unknown>;
  } catch {
    return entry;
  }
  if (typeof properties !== 'object' || properties === null || !('passwordVersion' in properties)) return entry;
  const { passwordVersion: _version, ...rest } = properties;
  const changes = 'passwordProtected' in rest ? rest : { ...rest, password: { from: null, to: true } };
  return { ...entry, propertiesJson: JSON.stringify(changes) };
}

export interface ShopHistoryProps {
  entries: HistoryEntryView[];
  currency: string;
  /** For the names of the items, events and ticket options entries mention. */
  items: ShopItemView[];
  events: SellableEvent[];
}

export function ShopHistory({ entries, currency, items, events }: ShopHistoryProps) {
  const t = useTranslations('Shops.history');
  const tTypes = useTranslations('Shops.discountCodes.types');
  const tOverview = useTranslations('Shops.overview');
  const format = useFormatter();
  const locale = useLocale();
  const vocabulary = useMemo<HistoryVocabulary>(() => {
    const names = new Map<string, string>();
    for (const event of events) {
      names.set(event.id, event.name);
      for (const option of event.ticketOptions) names.set(option.id, option.name);
    }
    for (const item of items) names.set(item.id, itemDisplayName(item, events));
    const nameOf = (value: PropertyValue) => (typeof value === 'string' ? (names.get(value) ?? value) : String(value));
    return {
      entity: (entityId) =>
        entityId.startsWith('itm_')
          ? t('entities.item')
          : entityId.startsWith('dsc_')
            ? t('entities.discountCode')
            : t('entities.shop'),
      field: (field) => (SHOP_FIELDS.has(field) ? t(`fields.${field}` as 'fields.code') : undefined),
      action: (key) => (key === 'opened' || key === 'closed' ? t(`actions.${key}`) : undefined),
      value: (field: string, value: PropertyValue) => {
        // A password is never shown, not even as it was: only that it changed.
        if (SECRET_FIELDS.has(field)) return t('changed');
        if (typeof value === 'boolean') return value ? t('yes') : t('no');
        if (ID_FIELDS.has(field)) return Array.isArray(value) ? value.map(nameOf).join(', ') : nameOf(value);
        if (field === 'type' && (value === 'fixed' || value === 'percentage')) return tTypes(value);
        if (field === 'reservationMinutes' && typeof value === 'number')
          return tOverview('minutes', { minutes: value });
        if (MONEY_FIELDS.has(field)) {
          if (typeof value === 'number') return formatMinor(value, currency, locale);
          if (Array.isArray(value))
            return value
              .map((amount) => (typeof amount === 'number' ? formatMinor(amount, currency, locale) : String(amount)))
              .join(', ');
        }
        if (DATE_FIELDS.has(field) && typeof value === 'string' && value)
          return format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short' });
        if (Array.isArray(value)) return value.join(', ');
        return undefined;
      },
    };
  }, [t, tTypes, tOverview, format, locale, currency, items, events]);
  const readable = useMemo(() => entries.map(withoutPasswordVersions), [entries]);
  return <HistoryTable entries={readable} vocabulary={vocabulary} />;
}
