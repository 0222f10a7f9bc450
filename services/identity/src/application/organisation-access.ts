// Not a use case: who may do what in an organisation, as the organisation use cases ask it (the actor, their membership
// and permissions, the member rows locked in id order before owners are counted).
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError, PermissionDeniedError, UnauthenticatedError, Violations } from '@kassa/platform/errors';
import { isId } from '@kassa/platform/ids';
import { hasPermission } from '../domain/permissions';
import { type Member, MemberEntity } from '../persistence/member.entity';
import { type Organisation, OrganisationEntity } from '../persistence/organisation.entity';

// The checks every organisation call starts with. Outsiders learn nothing (NOT_FOUND, the same answer as for an
// organisation that does not exist); members lacking a permission are told so (PERMISSION_DENIED).

export const ORGANISATION_NOT_FOUND = 'Organisation not found';
export const MEMBER_NOT_FOUND = 'Member not found';
export const INVITATION_NOT_FOUND = 'Invitation not found';
export const NOT_ALLOWED = 'You do not have permission to do this';

/** Who the BFF says is calling (CallContext.actor). */
export interface ActorRef {
  userId?: string;
}

/** The calling user's id; UNAUTHENTICATED when the call carries none (only the BFF sets it). */
export function requireActor(actor: ActorRef | undefined): string {
  const userId = actor?.userId ?? '';
  if (!isId('usr', userId)) throw new UnauthenticatedError('Sign in to continue');
  return userId;
}

/** Checks the ids of a request (snake_case field → prefix) and throws every bad one at once. */
export function checkIds(ids: Record<string, [value: string | undefined, prefix: string]>): void {
  const v = new Violations();
  for (const [field, [value, prefix]] of Object.entries(ids)) v.id(field, value, prefix);
  v.throwIfAny();
}

export interface Membership {
  organisation: Organisation;
  member: Member;
}

/** The organisation and the actor's membership of it, or NOT_FOUND for anyone else. */
export async function requireMembership(
  em: EntityManager,
  organisationId: string,
  userId: string,
  lock = false,
): Promise<Membership> {
  const lockMode = lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {};
  const member = await em.findOne(MemberEntity, { organisationId, userId });
  const organisation = member ? await em.findOne(OrganisationEntity, { id: organisationId }, lockMode) : null;
  if (!member || !organisation) throw new NotFoundError(ORGANISATION_NOT_FOUND);
  return { organisation, member };
}

export function requirePermission(member: Pick<Member, 'permissions'>, permission: string): void {
  if (!hasPermission(member.permissions, permission)) throw new PermissionDeniedError(NOT_ALLOWED);
}

/**
 * Every member row of the organisation, locked (SELECT … FOR UPDATE, in id order so two callers never deadlock).
 * Whoever counts owners before taking "owner" away holds these locks until commit, so two concurrent removals or
 * demotions are decided one after the other and the second sees the first's result: never zero owners.
 */
export async function lockMembers(em: EntityManager, organisationId: string): Promise<Member[]> {
  return em.find(MemberEntity, { organisationId }, { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } });
}

/** The actor among locked members, or NOT_FOUND. */
export function actorAmong(members: readonly Member[], userId: string): Member {
  const actor = members.find((member) => member.userId === userId);
  if (!actor) throw new NotFoundError(ORGANISATION_NOT_FOUND);
  return actor;
}
