/** catalog publishes on kassa.catalog.<entity>.<verb>, all in one stream. */
export const CATALOG_STREAM = {
  name: 'KASSA_CATALOG',
  subjects: ['kassa.catalog.>'],
  // ordering rebuilds its sellable projection by replaying this stream from its start (rebuild-projection), so it
  // keeps snapshots for longer than any event is on sale: an entity not changed for 400 days drops out of a rebuild.
  maxAgeMs: 400 * 24 * 60 * 60 * 1000,
} as const;

/** The verbs of kassa.catalog.event.<verb>; each EventChanged repeats its verb in `change`. */
export type EventChange = 'created' | 'updated' | 'published' | 'converted_to_draft' | 'ended' | 'deleted' | 'removed';
export type TicketOptionChange = 'created' | 'updated' | 'deleted';

export const eventSubject = (change: EventChange): string => `kassa.catalog.event.${change}`;
export const ticketOptionSubject = (change: TicketOptionChange): string => `kassa.catalog.ticket_option.${change}`;

/** The verbs of kassa.catalog.shop.<verb>: "opened" and "closed" come from catalog's jobs at opens_at and closes_at. */
export type ShopChange =
  'created' | 'updated' | 'published' | 'converted_to_draft' | 'opened' | 'closed' | 'deleted' | 'removed';
export type ShopItemChange = 'created' | 'updated' | 'deleted';
export type DiscountCodeChange = 'created' | 'updated' | 'deleted';

export const shopSubject = (change: ShopChange): string => `kassa.catalog.shop.${change}`;
export const shopItemSubject = (change: ShopItemChange): string => `kassa.catalog.shop_item.${change}`;
export const discountCodeSubject = (change: DiscountCodeChange): string => `kassa.catalog.discount_code.${change}`;
