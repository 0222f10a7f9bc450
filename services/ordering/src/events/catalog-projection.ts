// One entry point for every catalog message, used by the live consumers and by the rebuild alike: the same
// handlers, made safe to repeat by the snapshots' versions.
import {
  DiscountCodeChanged,
  EventChanged,
  ShopChanged,
  ShopItemChanged,
  TicketOptionChanged,
} from '@kassa/proto/catalog/events/v1/events';
import type { EntityManager } from '@mikro-orm/postgresql';
import { projectDiscountCode } from '../application/project-discount-code';
import { projectEvent } from '../application/project-event';
import { projectShop } from '../application/project-shop';
import { projectShopItem } from '../application/project-shop-item';
import { projectTicketOption } from '../application/project-ticket-option';
import { type BucketPolicy, DEFAULT_BUCKET_POLICY } from '../domain/quota-allocation';
import { parseCatalogSubject } from './subjects';

const handlers: Record<string, (em: EntityManager, data: Uint8Array, policy: BucketPolicy) => Promise<void>> = {
  event: (em, data, policy) => projectEvent(em, EventChanged.decode(data), policy),
  ticket_option: (em, data, policy) => projectTicketOption(em, TicketOptionChanged.decode(data), policy),
  shop: (em, data) => projectShop(em, ShopChanged.decode(data)),
  shop_item: (em, data) => projectShopItem(em, ShopItemChanged.decode(data)),
  discount_code: (em, data) => projectDiscountCode(em, DiscountCodeChanged.decode(data)),
};

/**
 * Applies one catalog message in the caller's transaction; false when the subject is none the projection follows.
 * `policy` says how many buckets new (or grown) quotas get (QUOTA_BUCKETS, QUOTA_BUCKET_MIN_CAPACITY).
 */
export async function applyCatalogMessage(
  em: EntityManager,
  subject: string,
  data: Uint8Array,
  policy: BucketPolicy = DEFAULT_BUCKET_POLICY,
): Promise<boolean> {
  const parsed = parseCatalogSubject(subject);
  const handler = parsed ? handlers[parsed.entity] : undefined;
  if (!handler) return false;
  await handler(em, data, policy);
  return true;
}
