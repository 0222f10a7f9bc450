/** An invitation link works for this long after it was (last) sent. */
export const INVITATION_VALIDITY_MS = 7 * 24 * 60 * 60 * 1000;

export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

/** base64url of 32 random bytes (256 bits). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function invitationExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + INVITATION_VALIDITY_MS);
}

export function isWellFormedInvitationToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/** A pending invitation whose link still works. */
export function isOpen(invitation: { status: string; expiresAt: Date }, now: Date): boolean {
  return invitation.status === 'pending' && invitation.expiresAt.getTime() > now.getTime();
}
