import { ValidationError } from '@kassa/platform/errors';
import type { EntityManager } from '@mikro-orm/postgresql';
import { holdLimitPassed } from '../domain/hold-limits';
import { orderingMessages } from '../domain/ordering-messages';
import { heldTickets, lockHolder } from '../persistence/order.repository';
import type { OrderingContext } from './ordering-context';

/**
 * One guest may hold only so many tickets of an event unpaid (domain/hold-limits.ts): checked under the holder's
 * locks in the caller's transaction, so two holds at once (checkouts, or a checkout and a retry) cannot both slip
 * under the cap. ValidationError on "lines" past it.
 */
export async function checkHoldCap(
  ctx: Pick<OrderingContext, 'holdLimits'>,
  tx: EntityManager,
  hold: { email: string; clientAddress: string | null; eventIds: readonly string[]; tickets: number; now: Date },
): Promise<void> {
  await lockHolder(tx, hold.email, hold.clientAddress);
  const held = await heldTickets(tx, hold);
  if (holdLimitPassed(held, hold.tickets, ctx.holdLimits, hold.clientAddress !== null))
    throw new ValidationError([{ field: 'lines', message: orderingMessages.holdLimitReached }]);
}
