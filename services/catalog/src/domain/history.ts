import type { DiscountCodeValues } from './discount-code-fields';
import type { EventValues } from './event-fields';
import type { EventStatus, StatusChange } from './event-status';
import type { ShopValues } from './shop-fields';
import type { ShopItemValues } from './shop-item-fields';
import type { ShopStatusChange, ShopWindowChange } from './shop-status';
import type { TicketOptionValues } from './ticket-option-fields';

export type HistoryAction = 'created' | 'updated' | StatusChange | ShopStatusChange | ShopWindowChange;

export type PropertyValue = string | number | boolean | null | PropertyValue[] | { [key: string]: PropertyValue };
export type Properties = Record<string, PropertyValue>;
/** The JSON of a history entry: `{ "field": { "from": …, "to": … } }`. */
export type PropertyChanges = Record<string, { from: PropertyValue; to: PropertyValue }>;

const same = (a: PropertyValue | undefined, b: PropertyValue | undefined): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The properties that differ between two states of an entity. Without `before` (created) every property is
 * listed from null; without `after` (a removed ticket option) every property goes to null.
 */
export function diffProperties(before: Properties | undefined, after: Properties | undefined): PropertyChanges {
  const changes: PropertyChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const from = before?.[key] ?? null;
    const to = after?.[key] ?? null;
    if (!before || !after || !same(from, to)) changes[key] = { from, to };
  }
  return changes;
}

/** An event's recorded properties, with dates as ISO strings so the JSON compares and reads the same everywhere. */
export function eventProperties(event: EventValues & { status: EventStatus | string }): Properties {
  return {
    name: event.name,
    description: event.description,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    status: event.status,
    ticketLimit: event.ticketLimit,
    translations: event.translations.map(({ locale, name, description }) => ({ locale, name, description })),
    location: { ...event.location },
    timeZone: event.timeZone,
  };
}

export function ticketOptionProperties(option: TicketOptionValues): Properties {
  return {
    name: option.name,
    description: option.description,
    capacity: option.capacity,
    translations: option.translations.map(({ locale, name, description }) => ({ locale, name, description })),
  };
}

/** A shop's recorded properties: whether it has a password and which version, never the password or its hash. */
export function shopProperties(
  shop: Omit<ShopValues, 'password'> & { status: string; passwordProtected: boolean; passwordVersion: number },
): Properties {
  return {
    name: shop.name,
    description: shop.description,
    opensAt: shop.opensAt.toISOString(),
    closesAt: shop.closesAt.toISOString(),
    status: shop.status,
    translations: shop.translations.map(({ locale, name, description }) => ({ locale, name, description })),
    currency: shop.currency,
    passwordProtected: shop.passwordProtected,
    passwordVersion: shop.passwordVersion,
    donation: {
      enabled: shop.donation.enabled,
      suggestedAmountsMinor: [...shop.donation.suggestedAmountsMinor],
      allowCustomAmount: shop.donation.allowCustomAmount,
    },
    reservationMinutes: shop.reservationMinutes,
    showComingSoon: shop.showComingSoon ?? false,
  };
}

export function shopItemProperties(
  item: Omit<ShopItemValues, 'extraEventIds'> & { eventIds: readonly string[] },
): Properties {
  return {
    ticketOptionId: item.ticketOptionId,
    eventIds: [...item.eventIds],
    name: item.name,
    priceMinor: item.priceMinor,
    saleStart: item.saleStart?.toISOString() ?? null,
    saleEnd: item.saleEnd?.toISOString() ?? null,
    maxPerOrder: item.maxPerOrder,
    position: item.position,
  };
}

export function discountCodeProperties(code: Omit<DiscountCodeValues, 'codeKey'>): Properties {
  return {
    code: code.code,
    type: code.type,
    value: code.value,
    validFrom: code.validFrom?.toISOString() ?? null,
    validUntil: code.validUntil?.toISOString() ?? null,
    maxUses: code.maxUses,
    itemIds: [...code.itemIds],
  };
}
