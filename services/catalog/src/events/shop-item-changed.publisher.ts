import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@kassa/platform/outbox';
import { ShopItemChanged } from '@kassa/proto/catalog/events/v1/events';
import type { ShopItem } from '@kassa/proto/catalog/v1/shops';
import { type ShopItemChange, shopItemSubject } from './subjects';

/** The whole item after the change (its last state for "deleted"), in the caller's transaction. */
export function publishShopItemChanged(
  em: EntityManager,
  item: ShopItem,
  organisationId: string,
  change: ShopItemChange,
  actorUserId: string | null,
  occurredAt: Date,
): void {
  addToOutbox(em, {
    subject: shopItemSubject(change),
    type: ShopItemChanged,
    message: { item, organisationId, change, actorUserId: actorUserId ?? '', occurredAt },
    key: item.id,
  });
}
