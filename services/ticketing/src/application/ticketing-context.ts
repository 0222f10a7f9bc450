// Not a use case: what ticketing's use cases are given (database, clock, signing keys, authoriser) and how they
// authorise a caller holding any of several permissions.
import type { AuthorizedActor, OrganisationAuthorizer } from '@kassa/platform/authorization';
import { PermissionDeniedError } from '@kassa/platform/errors';
import type { CallContext } from '@kassa/platform/grpc';
import type { Logger } from '@kassa/platform/logging';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { TicketKeys } from './ticket-keys';

/** What the use cases need: the database, the clock, identity's authorisation and the organisations' keys. */
export interface TicketingContext {
  orm: MikroORM;
  logger: Logger;
  now(): Date;
  authorizer: Pick<OrganisationAuthorizer, 'authorize'>;
  keys: TicketKeys;
}

/** identity's permission strings that ticketing asks about. */
export const ORDERS_VIEW = 'orders.view';
export const CHECKIN = 'checkin';
export const EVENTS = 'events';

/**
 * Authorises a caller who needs any one of `permissions` in the organisation. A non-member gets NOT_FOUND, a member
 * with none of them PERMISSION_DENIED (identity's Authorize answers one permission at a time, so for several the
 * membership is asked once and its permission list checked here).
 */
export async function authorizeAny(
  authorizer: Pick<OrganisationAuthorizer, 'authorize'>,
  call: Pick<CallContext, 'actor'>,
  organisationId: string,
  permissions: readonly string[],
): Promise<AuthorizedActor> {
  if (permissions.length === 1) return authorizer.authorize(call, organisationId, permissions[0]!);
  const actor = await authorizer.authorize(call, organisationId, '');
  if (!permissions.some((permission) => actor.permissions.includes(permission))) throw new PermissionDeniedError();
  return actor;
}
