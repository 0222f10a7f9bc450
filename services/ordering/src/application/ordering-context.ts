// Not a use case: what ordering's use cases are given (database, clock, fees, holds and their limits, reservation
// strategy, authoriser, expiry scheduler), how they authorise a caller, and how a hold's expiry is scheduled.
import type { HoldLimits } from '../domain/hold-limits';
import type { OrganisationAuthorizer } from '@kassa/platform/authorization';
import type { CallContext, CallerKey } from '@kassa/platform/grpc';
import type { Logger } from '@kassa/platform/logging';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ReservationStrategy } from '../persistence/quota.repository';

/** Schedules the precise expiry of a held order once its checkout has committed; the sweep covers what gets lost. */
export interface ExpiryScheduler {
  /** `again`: the order was held before (it expired, and the guest's retry holds it once more). */
  orderHeld(order: { id: string; expiresAt: Date }, options?: { again?: boolean }): Promise<void>;
}

/** What the use cases need: the database, the clock, the platform's fee and hold, and the outside world. */
export interface OrderingContext {
  orm: MikroORM;
  logger: Logger;
  now(): Date;
  /** TICKET_FEE_MINOR: the platform fee per paid ticket. */
  feePerTicketMinor: number;
  /** ORDER_HOLD_MINUTES: the hold of a shop that sets none. */
  holdMinutes: number;
  /** How many tickets one e-mail address and one client address may hold unpaid per event. */
  holdLimits: HoldLimits;
  /** HMAC key of catalog's shop access tokens (deriveShopAccessKey, @kassa/platform/crypto). */
  shopAccessKey: Buffer;
  /** How tickets are taken from quotas: guarded in production. */
  reservation: ReservationStrategy;
  authorizer: Pick<OrganisationAuthorizer, 'authorize'>;
  expiry: ExpiryScheduler;
  /** This workload's call key: what ordering signs its attestations to payments with (get-payable-order.ts). */
  callerKey: CallerKey;
  /**
   * The concurrent-refunds control only (services/ordering/test/integration/organiser-orders.int.test.ts): a refund
   * reads its order without the row lock, so that the test can show two refunds then pay back more than was paid.
   */
  unsafeUnlockedOrder?: boolean;
}

/** Organiser reads need "orders.view", changes "orders.manage" (identity's permission strings). */
export const ORDERS_VIEW = 'orders.view';
export const ORDERS_MANAGE = 'orders.manage';
/** The entrance's figures (scan conflicts) need "checkin". */
export const CHECKIN = 'checkin';

/** Authorises the caller in the organisation; returns the user id to record. */
export async function authorizeCaller(
  ctx: OrderingContext,
  call: Pick<CallContext, 'actor'>,
  organisationId: string,
  permission: string,
): Promise<string> {
  return (await ctx.authorizer.authorize(call, organisationId, permission)).userId;
}

/** Runs after a committed checkout: a failed scheduling is logged, never fails the checkout (the sweep catches up). */
export function scheduleExpiry(
  ctx: OrderingContext,
  order: { id: string; expiresAt: Date },
  options?: { again?: boolean },
): Promise<void> {
  return ctx.expiry
    .orderHeld(order, options)
    .catch((error: unknown) =>
      ctx.logger.warn({ err: error, orderId: order.id }, 'scheduling the expiry job failed; the sweep will catch up'),
    );
}
