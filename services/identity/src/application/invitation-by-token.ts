// Not a use case: finds a pending invitation by its link's token (stored only as a hash), for reading and accepting it.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sha256Hex } from '@kassa/platform/crypto';
import { isWellFormedInvitationToken } from '../domain/invitation-policy';
import { type Invitation, InvitationEntity } from '../persistence/invitation.entity';

/** The invitation behind a link's token (any status), looked up by the token's SHA-256; null for a malformed or unknown one. */
export async function findInvitationByToken(
  em: EntityManager,
  token: string | undefined,
  lock = false,
): Promise<Invitation | null> {
  const value = token ?? '';
  if (!isWellFormedInvitationToken(value)) return null;
  return em.findOne(
    InvitationEntity,
    { tokenHash: sha256Hex(value) },
    lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
  );
}
