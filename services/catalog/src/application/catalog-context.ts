// Not a use case: what catalog's use cases are given (database, clock, authoriser, deadline scheduler, shop access
// key), how they authorise a caller, and how they schedule an event's or shop's deadlines.
import type { OrganisationAuthorizer } from '@kassa/platform/authorization';
import type { CallContext } from '@kassa/platform/grpc';
import type { Logger } from '@kassa/platform/logging';
import type { MikroORM } from '@mikro-orm/postgresql';

/** Schedules the precise jobs for an event's or shop's deadlines once a change has committed; the sweeper covers what gets lost. */
export interface DeadlineScheduler {
  eventChanged(event: { id: string; status: string; endsAt: Date; removalAt?: Date | null }): Promise<void>;
  shopChanged(shop: {
    id: string;
    status: string;
    opensAt: Date;
    closesAt: Date;
    removalAt?: Date | null;
  }): Promise<void>;
}

/** What the use cases need from the outside world; tests pass their own clock. */
export interface CatalogContext {
  orm: MikroORM;
  authorizer: Pick<OrganisationAuthorizer, 'authorize'>;
  scheduler: DeadlineScheduler;
  logger: Logger;
  now(): Date;
  /** HMAC key of shop access tokens, derived from KASSA_SEALING_KEY (deriveShopAccessKey, @kassa/platform/crypto). */
  shopAccessKey: Buffer;
}

/**
 * Who asks: a gRPC call (its actor is authorised with identity), or SYSTEM, the service itself. Only in-process
 * code can pass SYSTEM (the seed and the jobs); nothing arriving over gRPC can. Changes made by SYSTEM are
 * recorded without an actor, like the automatic end.
 */
export type Caller = Pick<CallContext, 'actor'> | typeof SYSTEM;
export const SYSTEM: unique symbol = Symbol('catalog system');

/** Reads need membership only, writes need "events", shop writes "shops" (identity's permission strings). */
export const READ = '';
export const WRITE = 'events';
export const SHOPS = 'shops';

/** Authorises the caller in the organisation; returns the user id to record, or null for the system. */
export async function authorizeCaller(
  ctx: CatalogContext,
  caller: Caller,
  organisationId: string,
  permission: string,
): Promise<string | null> {
  if (caller === SYSTEM) return null;
  return (await ctx.authorizer.authorize(caller, organisationId, permission)).userId;
}

/** Runs after a committed change: a failed scheduling is logged, never fails the change (the sweeper catches up). */
export function scheduleDeadlines(
  ctx: CatalogContext,
  event: Parameters<DeadlineScheduler['eventChanged']>[0],
): Promise<void> {
  return ctx.scheduler
    .eventChanged(event)
    .catch((error: unknown) =>
      ctx.logger.warn({ err: error, eventId: event.id }, 'scheduling a deadline job failed; the sweeper will catch up'),
    );
}

/** The same for a shop's opening, closing and removal. */
export function scheduleShopDeadlines(
  ctx: CatalogContext,
  shop: Parameters<DeadlineScheduler['shopChanged']>[0],
): Promise<void> {
  return ctx.scheduler
    .shopChanged(shop)
    .catch((error: unknown) =>
      ctx.logger.warn({ err: error, shopId: shop.id }, 'scheduling a shop job failed; the sweeper will catch up'),
    );
}
