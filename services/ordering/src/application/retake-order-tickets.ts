import type { EntityManager } from '@mikro-orm/postgresql';
import { quotaDemands } from '../domain/quota-allocation';
import type { OrderLineRow, OrderRow } from '../persistence/order.entity';
import { insertAllocations } from '../persistence/quota.repository';
import type { OrderingContext } from './ordering-context';

/**
 * An expired order takes its tickets again, through the same guarded reservation as checkout, and its code's uses
 * within the code's limit: `reserved` for the guest's retry (held once more), `sold` for a late payment. In a
 * savepoint: when anything is gone, nothing of the attempt stays and the caller says so (or refunds).
 */
export async function retakeOrderTickets(
  ctx: OrderingContext,
  em: EntityManager,
  order: OrderRow,
  lines: readonly OrderLineRow[],
  as: 'reserved' | 'sold',
): Promise<boolean> {
  const demands = quotaDemands(
    lines.map((line) => ({ quotaIds: [line.ticketOptionId, ...line.eventIds], quantity: line.quantity })),
  );
  class Gone extends Error {}
  try {
    await em.transactional(async (savepoint) => {
      const taken = await ctx.reservation.take(savepoint, demands, as);
      if (!taken.ok) throw new Gone();
      if (
        order.discountCodeId &&
        !(await ctx.reservation.addDiscountUses(savepoint, order.discountCodeId, order.discountUses))
      )
        throw new Gone();
      await insertAllocations(savepoint, order.id, taken.allocations);
    });
    return true;
  } catch (error) {
    if (error instanceof Gone) return false;
    throw error;
  }
}
