// Not a use case: what both sign-in paths (e-mail code and social sign-in) do once a person is known: find or create
// the account and open a session, retrying when two first sign-ins race.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sha256Hex } from '@kassa/platform/crypto';
import { newId, randomToken } from '@kassa/platform/ids';
import { sessionExpiry } from '../domain/session-policy';
import { publishUserCreated } from '../events/user-created.publisher';
import { SessionEntity } from '../persistence/session.entity';
import { type User, UserEntity } from '../persistence/user.entity';
import type { IdentityContext } from './identity-context';

// The step every way of signing in ends with (e-mailed code, social sign-in): find or create the user and
// open a session, inside the caller's transaction so the user, its user.created event and the session commit together.

export interface NewAccount {
  /** Already checked and lower-cased. */
  email: string;
  displayName: string;
  locale: string;
}

export interface SessionClient {
  clientIp: string;
  userAgent: string;
}

export interface OpenedSession {
  token: string;
  expiresAt: Date;
}

/** The user with this address, or a new one (user.created goes into the outbox with it). */
export async function findOrCreateUser(
  em: EntityManager,
  now: Date,
  account: NewAccount,
): Promise<{ user: User; created: boolean }> {
  const existing = await em.findOne(UserEntity, { email: account.email });
  if (existing) return { user: existing, created: false };
  const user = em.create(UserEntity, {
    id: newId('usr'),
    email: account.email,
    displayName: account.displayName,
    locale: account.locale,
    createdAt: now,
  });
  publishUserCreated(em, user);
  // Rows that refer to the user come next; write it first (and meet a racing first sign-in here).
  await em.flush();
  return { user, created: true };
}

/** A new session for the user; the token is returned once and only its SHA-256 is stored. */
export async function openSession(
  em: EntityManager,
  now: Date,
  user: User,
  client: SessionClient,
): Promise<OpenedSession> {
  const token = randomToken(32);
  const session = em.create(SessionEntity, {
    id: newId('ses'),
    userId: user.id,
    tokenHash: sha256Hex(token),
    clientIp: client.clientIp,
    userAgent: (client.userAgent ?? '').slice(0, 512),
    createdAt: now,
    lastSeenAt: now,
    revokedAt: null,
  });
  await em.flush();
  return { token, expiresAt: sessionExpiry(session) };
}

/** Two first sign-ins of one person may race to create the user (or link); the loser runs again and finds the winner's rows. */
export async function transactionalRetryingOnRace<T>(
  ctx: IdentityContext,
  work: (em: EntityManager) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.orm.em.fork().transactional(work);
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
    return ctx.orm.em.fork().transactional(work);
  }
}
