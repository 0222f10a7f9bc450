import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@kassa/platform/outbox';
import { ShopChanged } from '@kassa/proto/catalog/events/v1/events';
import type { Shop } from '@kassa/proto/catalog/v1/shops';
import { type ShopChange, shopSubject } from './subjects';

/** The whole shop after the change, with its password version (never the password), in the caller's transaction. */
export function publishShopChanged(
  em: EntityManager,
  shop: Shop,
  passwordVersion: number,
  change: ShopChange,
  actorUserId: string | null,
  occurredAt: Date,
): void {
  addToOutbox(em, {
    subject: shopSubject(change),
    type: ShopChanged,
    message: { shop, change, actorUserId: actorUserId ?? '', occurredAt, passwordVersion },
    key: shop.id,
  });
}
