// Who may see which organisation: every organiser page and route handler asks identity's Authorize here.
// Nothing is cached across requests, so a removed member loses access at once; within one request React's
// cache() asks each question once (the layout and the page both check).
import type { SessionUser } from '@kassa/web/lib/api-result';
import type { MyOrganisation } from '@kassa/proto/identity/v1/organisations';
import { forbidden, notFound } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { cache } from 'react';
import { NOT_SIGNED_IN } from '../auth/account-session';
import { requireSignedInUser } from '../auth/dashboard-user';
import { FORBIDDEN_MESSAGE, HttpProblem, NOT_FOUND_MESSAGE } from '../http-problem';
import { organisationClientAs } from '../clients/organisation-client';
import { isPrefixedId } from '../site/page-validity';
import { findSessionCookie } from '../auth/session-cookies';
import { findSessionUser } from '../auth/session-user';

/** A permission string of identity ('events', 'members', …), or '' for membership alone. */
export type Permission = string;

export interface OrganisationAccess {
  user: SessionUser;
  organisation: MyOrganisation;
  /** The user's permissions in the organisation. */
  permissions: string[];
}

export interface AuthorizeAnswer {
  allowed: boolean;
  member: boolean;
  permissions: string[];
}

const askIdentity = cache(async (userId: string, orgId: string, permission: Permission): Promise<AuthorizeAnswer> => {
  const answer = await organisationClientAs(userId).authorize({ userId, organisationId: orgId, permission });
  return { allowed: answer.allowed, member: answer.member, permissions: answer.permissions };
});

const loadOrganisation = cache(async (userId: string, orgId: string): Promise<MyOrganisation> => {
  const { organisation } = await organisationClientAs(userId).getOrganisation({ organisationId: orgId });
  if (!organisation?.organisation) throw new Error('identity answered without an organisation');
  return organisation;
});

/**
 * For pages (server components) under /o/{orgId}: the signed-in user, the organisation and their permissions.
 * Signed out → /sign-in and back; malformed id or not a member → notFound() (the organisation's existence stays
 * hidden); a member without `permission` → forbidden() (403, the nearest forbidden.tsx).
 */
export async function requireOrganisationAccess(
  locale: string,
  orgId: string,
  permission: Permission,
): Promise<OrganisationAccess> {
  const user = await requireSignedInUser(locale);
  if (!isPrefixedId('org', orgId)) notFound();
  const answer = await askIdentity(user.id, orgId, permission);
  if (!answer.member) notFound();
  if (!answer.allowed) forbidden();
  const organisation = await loadOrganisation(user.id, orgId);
  return { user, organisation, permissions: answer.permissions };
}

/**
 * For route handlers: resolves when the user may act; otherwise throws an HttpProblem that handler() answers
 * with 404 (malformed id, not a member) or 403 (a member without the permission). Returns the user's permissions.
 */
export async function authorizeOrganisation(userId: string, orgId: string, permission: Permission): Promise<string[]> {
  if (!isPrefixedId('org', orgId)) throw new HttpProblem(404, { message: NOT_FOUND_MESSAGE });
  const answer = await askIdentity(userId, orgId, permission);
  if (!answer.member) throw new HttpProblem(404, { message: NOT_FOUND_MESSAGE });
  if (!answer.allowed) throw new HttpProblem(403, { message: FORBIDDEN_MESSAGE });
  return answer.permissions;
}

/** For route handlers: the signed-in user behind the session cookie, or a thrown 401. */
export async function requireApiUser(request: NextRequest): Promise<SessionUser> {
  const cookie = findSessionCookie(request.cookies);
  const user = cookie ? await findSessionUser(cookie.value) : null;
  if (!user) throw new HttpProblem(401, { message: NOT_SIGNED_IN });
  return user;
}

/** Whether a permission list allows something ('' = membership), for hiding what a member cannot use. */
export function holds(permissions: readonly string[], permission: Permission): boolean {
  return permission === '' || permissions.includes(permission);
}
