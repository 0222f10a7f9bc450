import { SHOP_LIMITS } from '@kassa/contracts/shops';
import { ValidationError, Violations, messages } from '@kassa/platform/errors';
import { NAME_MAX } from './translations';

/** What an organiser sends (the shape of kassa.catalog.v1.ShopItemFields). */
export interface ShopItemFieldsInput {
  ticketOptionId: string;
  extraEventIds: readonly string[];
  name: string;
  priceMinor: number;
  saleStart?: Date;
  saleEnd?: Date;
  maxPerOrder?: number;
  position: number;
}

export interface ShopItemValues {
  ticketOptionId: string;
  extraEventIds: string[];
  /** '' = the ticket option's name. */
  name: string;
  priceMinor: number;
  /** null = when the shop opens / closes. */
  saleStart: Date | null;
  saleEnd: Date | null;
  /** null = no limit of its own. */
  maxPerOrder: number | null;
  /** 0 = last (on create) or where it is (on update). */
  position: number;
}

export const SHOP_ITEM_LABELS = {
  ticketOptionId: 'Ticket option',
  extraEventIds: 'Events',
  price: 'Price',
  saleStart: 'Sale start',
  saleEnd: 'Sale end',
  maxPerOrder: 'Max per order',
  position: 'Position',
} as const;

const isDate = (value: unknown): value is Date => value instanceof Date && !Number.isNaN(value.getTime());

/**
 * Validates an item's fields against its shop's window: a sale start lies within the window, a sale end after the
 * sale start (or the opening) and no later than the closing.
 */
export function checkShopItemFields(
  input: ShopItemFieldsInput | undefined,
  shop: { opensAt: Date; closesAt: Date },
): ShopItemValues {
  const violations = new Violations();
  const fields: Partial<ShopItemFieldsInput> = input ?? {};
  const ticketOptionId = !fields.ticketOptionId
    ? (violations.add('ticketOptionId', messages.required(SHOP_ITEM_LABELS.ticketOptionId)), '')
    : violations.id('ticketOptionId', fields.ticketOptionId, 'tko');

  const extraEventIds: string[] = [];
  (fields.extraEventIds ?? []).forEach((value, index) => {
    const id = violations.id(`extraEventIds.${index}`, value, 'evt');
    if (id && extraEventIds.includes(id))
      violations.add(`extraEventIds.${index}`, messages.invalid(SHOP_ITEM_LABELS.extraEventIds));
    else if (id) extraEventIds.push(id);
  });

  // The precise count (own event included) is checked once the ticket option's event is known; this spares the
  // lookups of a list that can only be too long.
  if (extraEventIds.length > SHOP_LIMITS.itemEvents)
    violations.add('extraEventIds', messages.invalid(SHOP_ITEM_LABELS.extraEventIds));

  const name = violations.string('name', fields.name, { label: 'Name', maxLength: NAME_MAX });
  const priceMinor = violations.int('priceMinor', fields.priceMinor ?? 0, { label: SHOP_ITEM_LABELS.price, min: 0 });

  const saleStart = isDate(fields.saleStart) ? fields.saleStart : null;
  const saleEnd = isDate(fields.saleEnd) ? fields.saleEnd : null;
  const opens = shop.opensAt.getTime();
  const closes = shop.closesAt.getTime();
  if (saleStart && (saleStart.getTime() < opens || saleStart.getTime() >= closes))
    violations.add('saleStart', messages.invalid(SHOP_ITEM_LABELS.saleStart));
  if (saleEnd && (saleEnd.getTime() <= (saleStart ?? shop.opensAt).getTime() || saleEnd.getTime() > closes))
    violations.add('saleEnd', messages.invalid(SHOP_ITEM_LABELS.saleEnd));

  const maxPerOrder =
    fields.maxPerOrder === undefined || fields.maxPerOrder === null
      ? null
      : violations.int('maxPerOrder', fields.maxPerOrder, { label: SHOP_ITEM_LABELS.maxPerOrder, min: 1 });
  const position = violations.int('position', fields.position ?? 0, { label: SHOP_ITEM_LABELS.position, min: 0 });

  violations.throwIfAny();
  return { ticketOptionId, extraEventIds, name, priceMinor, saleStart, saleEnd, maxPerOrder, position };
}

/** The events an item grants (its ticket option's own first) number at most SHOP_LIMITS.itemEvents. */
export function assertItemEventCount(eventIds: readonly string[]): void {
  if (eventIds.length > SHOP_LIMITS.itemEvents)
    throw new ValidationError([{ field: 'extraEventIds', message: messages.invalid(SHOP_ITEM_LABELS.extraEventIds) }]);
}
