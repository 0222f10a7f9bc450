import { LockMode } from '@mikro-orm/core';
import { isDueForRemoval } from '../domain/deletion';
import { publishEventChanged } from '../events/event-changed.publisher';
import { EventEntity } from '../persistence/event.entity';
import { HistoryEntryEntity } from '../persistence/history-entry.entity';
import { ShopItemEntity } from '../persistence/shop-item.entity';
import { TicketOptionEntity } from '../persistence/ticket-option.entity';
import type { CatalogContext } from './catalog-context';
import { countTicketOptions } from './catalog-records';
import { toEventMessage } from './catalog-views';
import { deleteShopItems } from './shop-records';

/**
 * Removes a deleted event for good once its grace period is over: the event, its ticket options and all their
 * history go, and kassa.catalog.event.removed carries its last state (version + 1, so it outranks "deleted").
 * Shop items granting the event are deleted (kassa.catalog.shop_item.deleted, by the system).
 * Idempotent: an event that is gone, restored or not yet due is left alone.
 */
export async function removeEvent(ctx: CatalogContext, eventId: string): Promise<boolean> {
  const now = ctx.now();
  return ctx.orm.em.fork().transactional(async (em) => {
    const event = await em.findOne(EventEntity, { id: eventId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!event || !isDueForRemoval(event, now)) return false;
    // Shop items that grant it (its ticket options' included: their own event is always granted) go with it.
    const granting: { id: string }[] = await em
      .getConnection()
      .execute('select id from shop_items where event_ids @> ?::jsonb', [JSON.stringify([event.id])]);
    const items = granting.length
      ? await em.find(
          ShopItemEntity,
          { id: { $in: granting.map((row) => row.id) } },
          { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } },
        )
      : [];
    await deleteShopItems(em, items, { action: 'deleted', actorUserId: null, at: now });
    event.version += 1;
    publishEventChanged(em, toEventMessage(event, await countTicketOptions(em, event.id)), 'removed', null, now);
    await em.nativeDelete(HistoryEntryEntity, { groupId: event.id });
    await em.nativeDelete(TicketOptionEntity, { eventId: event.id });
    em.remove(event);
    ctx.logger.info({ eventId }, 'deleted event removed');
    return true;
  });
}
