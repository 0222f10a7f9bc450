import { FailedPreconditionError, NotFoundError, Violations } from '@kassa/platform/errors';
import { accessKeyMatches } from '@kassa/platform/ids';
import { transactionalWithEffects } from '@kassa/platform/persistence';
import type { RenewGuestOrderRequest, RenewGuestOrderResponse } from '@kassa/proto/ordering/v1/orders';
import { holdEndsAt, isHeld, isRenewable } from '../domain/order-status';
import { orderingMessages } from '../domain/ordering-messages';
import { shopWindow } from '../domain/sale-window';
import { addHistory, loadLines, lockOrder } from '../persistence/order.repository';
import { checkHoldCap } from './hold-cap';
import { findShop } from '../persistence/sellable.repository';
import { changeOrderStatus, ORDER_NOT_FOUND, recordOrderChange } from './order-records';
import { type OrderingContext, scheduleExpiry } from './ordering-context';
import { toGuestOrder } from './order-views';
import { retakeOrderTickets } from './retake-order-tickets';

/**
 * The guest's Retry payment on an order whose hold ran out (§4, §8: a too slow payment can be retried): its tickets
 * and its code's uses are held again, for the shop's reservation time, through the same guarded reservation as
 * checkout, when they are still there and the shop still sells; otherwise it says plainly that they are gone.
 * Anonymous (the access key is the capability) and idempotent: a held order is answered as it is. The guest's hold
 * cap applies as at checkout, so retrying is never a way to hold more than placing a new order would.
 */
export async function renewGuestOrder(
  ctx: OrderingContext,
  request: RenewGuestOrderRequest,
): Promise<RenewGuestOrderResponse> {
  const violations = new Violations();
  const orderId = violations.id('orderId', request.orderId, 'ord');
  violations.throwIfAny();
  const now = ctx.now();

  const renewed = await transactionalWithEffects(ctx.orm.em.fork(), async (em) => {
    const order = await lockOrder(em, orderId);
    if (!order || !accessKeyMatches(order.accessKey, request.accessKey)) throw new NotFoundError(ORDER_NOT_FOUND);
    const lines = (await loadLines(em, [order.id])).get(order.id) ?? [];
    if (isHeld(order.status)) return { order, lines, expiresAt: null };
    if (!isRenewable(order)) throw new FailedPreconditionError(orderingMessages.orderNotRenewable);

    const shop = await findShop(em, order.shopId);
    if (!shop || shop.status !== 'public' || shopWindow(shop, now) !== 'open')
      throw new FailedPreconditionError(orderingMessages.orderTicketsGone);

    await checkHoldCap(ctx, em, {
      email: order.email,
      clientAddress: order.clientAddress ?? null,
      eventIds: [...new Set(lines.flatMap((line) => line.eventIds))],
      tickets: order.ticketCount,
      now,
    });
    if (!(await retakeOrderTickets(ctx, em, order, lines, 'reserved')))
      throw new FailedPreconditionError(orderingMessages.orderTicketsGone);
    const expiresAt = holdEndsAt(now, shop.reservationMinutes, ctx.holdMinutes);
    changeOrderStatus(em, order, 'reserved');
    order.outcome = '';
    order.expiresAt = expiresAt;
    await addHistory(em, {
      orderId: order.id,
      at: now,
      action: 're_reserved',
      properties: { expiresAt: expiresAt.toISOString(), by: 'guest' },
    });
    await recordOrderChange(em, order, 'reserved', { at: now, actorUserId: null });
    return { order, lines, expiresAt };
  });

  if (renewed.expiresAt) {
    await scheduleExpiry(ctx, { id: renewed.order.id, expiresAt: renewed.expiresAt }, { again: true });
    ctx.logger.info({ orderId, expiresAt: renewed.expiresAt }, 'expired order held again');
  }
  return { order: toGuestOrder(renewed.order, renewed.lines, now) };
}
