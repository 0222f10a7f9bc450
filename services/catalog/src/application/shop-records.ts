// Not a use case: the steps the shop use cases share inside their transaction (check ids, load and lock a shop,
// item or code of the organisation, record a change with its history and published snapshot, resolve an item's events).
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { FailedPreconditionError, NotFoundError, Violations } from '@kassa/platform/errors';
import { type Properties, diffProperties } from '../domain/history';
import { assertItemEventCount } from '../domain/shop-item-fields';
import { shopWindow } from '../domain/shop-status';
import { publishDiscountCodeChanged } from '../events/discount-code-changed.publisher';
import { publishShopChanged } from '../events/shop-changed.publisher';
import { publishShopItemChanged } from '../events/shop-item-changed.publisher';
import type { DiscountCodeChange, ShopChange, ShopItemChange } from '../events/subjects';
import { type DiscountCode, DiscountCodeEntity } from '../persistence/discount-code.entity';
import { type ShopItem, ShopItemEntity } from '../persistence/shop-item.entity';
import { type CatalogShop, ShopEntity } from '../persistence/shop.entity';
import { type Change, addHistory, loadEvent, loadTicketOption } from './catalog-records';
import {
  discountCodePropertiesOf,
  shopItemPropertiesOf,
  shopPropertiesOf,
  toDiscountCodeMessage,
  toShopItemMessage,
  toShopMessage,
} from './shop-views';

/** Checks the ids of a shop request (field names as the BFF sends them) before anything is asked or loaded. */
export function checkShopIds(ids: {
  organisationId: string;
  shopId?: string;
  itemId?: string;
  discountCodeId?: string;
}): void {
  const violations = new Violations();
  violations.id('organisationId', ids.organisationId, 'org');
  if (ids.shopId !== undefined) violations.id('shopId', ids.shopId, 'shp');
  if (ids.itemId !== undefined) violations.id('itemId', ids.itemId, 'itm');
  if (ids.discountCodeId !== undefined) violations.id('discountCodeId', ids.discountCodeId, 'dsc');
  violations.throwIfAny();
}

export const SHOP_NOT_FOUND = 'Shop not found';
export const SHOP_ITEM_NOT_FOUND = 'Shop item not found';
export const DISCOUNT_CODE_NOT_FOUND = 'Discount code not found';

const lockIf = (lock: boolean) => (lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});

/** A shop of this organisation; another organisation's id answers exactly like an unknown one. `lock` queues concurrent changes. */
export async function loadShop(
  em: EntityManager,
  organisationId: string,
  shopId: string,
  lock = false,
): Promise<CatalogShop> {
  const shop = await em.findOne(ShopEntity, { id: shopId, organisationId }, lockIf(lock));
  if (!shop) throw new NotFoundError(SHOP_NOT_FOUND);
  return shop;
}

/** An item of this shop (of this organisation). */
export async function loadShopItem(
  em: EntityManager,
  organisationId: string,
  shopId: string,
  itemId: string,
  lock = false,
): Promise<ShopItem> {
  const item = await em.findOne(ShopItemEntity, { id: itemId, shopId, organisationId }, lockIf(lock));
  if (!item) throw new NotFoundError(SHOP_ITEM_NOT_FOUND);
  return item;
}

export async function loadDiscountCode(
  em: EntityManager,
  organisationId: string,
  shopId: string,
  codeId: string,
  lock = false,
): Promise<DiscountCode> {
  const code = await em.findOne(DiscountCodeEntity, { id: codeId, shopId, organisationId }, lockIf(lock));
  if (!code) throw new NotFoundError(DISCOUNT_CODE_NOT_FOUND);
  return code;
}

export function countShopItems(em: EntityManager, shopId: string): Promise<number> {
  return em.count(ShopItemEntity, { shopId });
}

/**
 * Records a change of a shop in the caller's transaction: version + 1, a history entry (`before` = its properties
 * before; none for "created"), the snapshot in the outbox, and the window that snapshot announces, so the
 * open/close jobs send only what is still due.
 */
export async function recordShopChange(
  em: EntityManager,
  shop: CatalogShop,
  before: Properties | undefined,
  change: Change & { action: Exclude<ShopChange, 'removed'> },
) {
  shop.version += 1;
  shop.announcedWindow = shopWindow(shop, change.at);
  addHistory(em, {
    organisationId: shop.organisationId,
    entityId: shop.id,
    groupId: shop.id,
    properties: diffProperties(before, shopPropertiesOf(shop)),
    ...change,
  });
  const message = toShopMessage(shop, await countShopItems(em, shop.id), change.at);
  publishShopChanged(em, message, shop.passwordVersion, change.action, change.actorUserId, change.at);
  return message;
}

/** The same for an item; "deleted" records every property going to null and publishes its last state. */
export function recordShopItemChange(
  em: EntityManager,
  item: ShopItem,
  before: Properties | undefined,
  change: Change & { action: ShopItemChange },
) {
  item.version += 1;
  const after = change.action === 'deleted' ? undefined : shopItemPropertiesOf(item);
  addHistory(em, {
    organisationId: item.organisationId,
    entityId: item.id,
    groupId: item.shopId,
    properties: diffProperties(before, after),
    ...change,
  });
  const message = toShopItemMessage(item);
  publishShopItemChanged(em, message, item.organisationId, change.action, change.actorUserId, change.at);
  return message;
}

export function recordDiscountCodeChange(
  em: EntityManager,
  code: DiscountCode,
  before: Properties | undefined,
  change: Change & { action: DiscountCodeChange },
) {
  code.version += 1;
  const after = change.action === 'deleted' ? undefined : discountCodePropertiesOf(code);
  addHistory(em, {
    organisationId: code.organisationId,
    entityId: code.id,
    groupId: code.shopId,
    properties: diffProperties(before, after),
    ...change,
  });
  const message = toDiscountCodeMessage(code);
  publishDiscountCodeChanged(em, message, code.organisationId, change.action, change.actorUserId, change.at);
  return message;
}

/**
 * Deletes items (recorded and published like any deletion) and takes them out of the scope of every code that
 * names them. A code whose every item is gone is deleted too: it could discount nothing any more, and an empty
 * scope would mean "every item".
 */
export async function deleteShopItems(em: EntityManager, items: readonly ShopItem[], change: Change): Promise<void> {
  if (items.length === 0) return;
  const gone = new Set(items.map((item) => item.id));
  for (const item of items) {
    recordShopItemChange(em, item, shopItemPropertiesOf(item), { ...change, action: 'deleted' });
    em.remove(item);
  }
  const shopIds = [...new Set(items.map((item) => item.shopId))];
  const codes = await em.find(
    DiscountCodeEntity,
    { shopId: { $in: shopIds } },
    { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } },
  );
  for (const code of codes) {
    if (!code.itemIds.some((id) => gone.has(id))) continue;
    const before = discountCodePropertiesOf(code);
    const remaining = code.itemIds.filter((id) => !gone.has(id));
    if (remaining.length === 0) {
      recordDiscountCodeChange(em, code, before, { ...change, action: 'deleted' });
      em.remove(code);
    } else {
      code.itemIds = remaining;
      recordDiscountCodeChange(em, code, before, { ...change, action: 'updated' });
    }
  }
}

/**
 * The events an item grants: its ticket option's own event first, then the extra ones, at most
 * SHOP_LIMITS.itemEvents in all. The ticket option and every event must be this organisation's (NOT_FOUND otherwise,
 * like any foreign id) and not deleted.
 */
export async function resolveItemEvents(
  em: EntityManager,
  organisationId: string,
  ticketOptionId: string,
  extraEventIds: readonly string[],
): Promise<string[]> {
  const option = await loadTicketOption(em, organisationId, ticketOptionId);
  const eventIds = [option.eventId, ...extraEventIds.filter((id) => id !== option.eventId)];
  assertItemEventCount(eventIds);
  for (const eventId of eventIds) {
    const event = await loadEvent(em, organisationId, eventId);
    if (event.status === 'deleted') throw new FailedPreconditionError('The event is deleted');
  }
  return eventIds;
}

/** Every id of a code's scope must be an item of this shop; any other answers NOT_FOUND like an unknown one. */
export async function assertShopItems(
  em: EntityManager,
  organisationId: string,
  shopId: string,
  itemIds: readonly string[],
): Promise<void> {
  if (itemIds.length === 0) return;
  const found = await em.count(ShopItemEntity, { id: { $in: [...itemIds] }, shopId, organisationId });
  if (found !== itemIds.length) throw new NotFoundError(SHOP_ITEM_NOT_FOUND);
}

/** The shop must not be deleted to change what it sells. */
export function assertShopNotDeleted(shop: CatalogShop): void {
  if (shop.status === 'deleted') throw new FailedPreconditionError('The shop is deleted');
}
