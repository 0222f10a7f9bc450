import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { FailedPreconditionError, NotFoundError } from '@kassa/platform/errors';
import type { DeleteTicketOptionRequest, DeleteTicketOptionResponse } from '@kassa/proto/catalog/v1/events';
import { ticketOptionProperties } from '../domain/history';
import { HistoryEntryEntity } from '../persistence/history-entry.entity';
import { ShopItemEntity } from '../persistence/shop-item.entity';
import { ShopEntity } from '../persistence/shop.entity';
import { TicketOptionEntity } from '../persistence/ticket-option.entity';
import { type CatalogContext, type Caller, WRITE, authorizeCaller } from './catalog-context';
import { type Change, checkIds, loadEvent, recordTicketOptionChange } from './catalog-records';
import { ticketOptionValuesOf } from './catalog-views';
import { deleteShopItems } from './shop-records';

/**
 * A ticket option that a shop sells cannot go: guests might be buying it. The organiser removes it from those
 * shops first (or deletes them); items of shops already deleted are removed with it.
 */
async function releaseFromShops(em: EntityManager, ticketOptionId: string, change: Change): Promise<void> {
  const items = await em.find(ShopItemEntity, { ticketOptionId }, { orderBy: { id: 'asc' } });
  if (items.length === 0) return;
  const shops = await em.find(ShopEntity, { id: { $in: [...new Set(items.map((item) => item.shopId))] } });
  const live = shops.filter((shop) => shop.status !== 'deleted');
  if (live.length > 0) {
    throw new FailedPreconditionError(
      `The ticket option is sold in ${live.length === 1 ? 'the shop' : 'the shops'} ${live.map((shop) => `"${shop.name}"`).join(', ')}; remove it from there first`,
    );
  }
  await deleteShopItems(em, items, change);
}

/**
 * Removes a ticket option. Removing one this organisation already removed succeeds (its history says so); an id
 * the organisation never had answers NOT_FOUND, like every other id of another organisation.
 */
export async function deleteTicketOption(
  ctx: CatalogContext,
  caller: Caller,
  request: DeleteTicketOptionRequest,
): Promise<DeleteTicketOptionResponse> {
  checkIds(request);
  const actorUserId = await authorizeCaller(ctx, caller, request.organisationId, WRITE);
  const now = ctx.now();
  await ctx.orm.em.fork().transactional(async (em) => {
    const scope = { organisationId: request.organisationId };
    const option = await em.findOne(
      TicketOptionEntity,
      { id: request.ticketOptionId, ...scope },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!option) {
      if (await em.count(HistoryEntryEntity, { entityId: request.ticketOptionId, action: 'deleted', ...scope })) return;
      throw new NotFoundError('Ticket option not found');
    }
    const event = await loadEvent(em, request.organisationId, option.eventId);
    if (event.status === 'deleted') throw new FailedPreconditionError('The event is deleted');
    await releaseFromShops(em, option.id, { action: 'deleted', actorUserId, at: now });
    recordTicketOptionChange(em, option, ticketOptionProperties(ticketOptionValuesOf(option)), {
      action: 'deleted',
      actorUserId,
      at: now,
    });
    em.remove(option);
  });
  return {};
}
