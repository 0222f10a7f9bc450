import { transactionalWithEffects } from '@kassa/platform/persistence';
import { isHoldOver } from '../domain/order-status';
import { addHistory, lockOrder } from '../persistence/order.repository';
import { changeOrderStatus, recordOrderChange, releaseOrderTickets } from './order-records';
import type { OrderingContext } from './ordering-context';

/**
 * Ends the hold of an unpaid order once it is over: reserved tickets and code uses go back on sale, order.expired.
 * Idempotent and safe to run early or twice: under the order's lock it changes only an order that is still held and
 * whose expires_at has passed (a paid, canceled or already expired order, or one not yet due, is left alone).
 */
export async function expireOrder(ctx: OrderingContext, orderId: string): Promise<boolean> {
  const now = ctx.now();
  return transactionalWithEffects(ctx.orm.em.fork(), async (em) => {
    const order = await lockOrder(em, orderId);
    if (!order || !isHoldOver(order, now)) return false;
    await releaseOrderTickets(em, order, 'reserved');
    changeOrderStatus(em, order, 'expired');
    order.outcome = 'expired';
    await addHistory(em, {
      orderId: order.id,
      at: now,
      action: 'expired',
      properties: { expiresAt: order.expiresAt!.toISOString() },
    });
    await recordOrderChange(em, order, 'expired', { at: now, actorUserId: null });
    ctx.logger.info({ orderId }, 'order expired');
    return true;
  });
}
