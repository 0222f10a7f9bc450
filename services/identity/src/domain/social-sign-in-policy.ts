// Rules of a social sign-in that need no I/O: how long a login state lives, when it may be redeemed,
// and how a verified identity from a provider is matched to an account.

/** A login state is redeemable for this long after the start (the provider's consent screen included). */
export const LOGIN_STATE_TTL_MS = 10 * 60 * 1000;

export function loginStateExpiry(now: Date): Date {
  return new Date(now.getTime() + LOGIN_STATE_TTL_MS);
}

export interface LoginStateTimes {
  expiresAt: Date;
  consumedAt?: Date | null;
}

export type LoginStateRefusal = 'used' | 'expired';

/** Single use, and not at or after its expiry. */
export function refuseLoginState(state: LoginStateTimes, now: Date): LoginStateRefusal | null {
  if (state.consumedAt) return 'used';
  if (now.getTime() >= state.expiresAt.getTime()) return 'expired';
  return null;
}

/** What a verified id_token says about the person. */
export interface ProviderIdentity {
  subject: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

export type AccountLink =
  | { kind: 'linked'; userId: string }
  | { kind: 'by-email'; email: string }
  | { kind: 'refused'; reason: 'email-unverified' };

/**
 * A subject linked before finds its user whatever its e-mail address is now (addresses change; the subject
 * does not). An unlinked subject is matched by e-mail only when the provider vouches for the address:
 * otherwise anyone could claim somebody else's account by typing their address at a lax provider.
 */
export function decideAccountLink(
  linkedUserId: string | null,
  identity: ProviderIdentity,
  normalisedEmail: string | null,
): AccountLink {
  if (linkedUserId) return { kind: 'linked', userId: linkedUserId };
  if (!identity.emailVerified || !normalisedEmail) return { kind: 'refused', reason: 'email-unverified' };
  return { kind: 'by-email', email: normalisedEmail };
}
