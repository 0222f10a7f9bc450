// Not a use case: the sign-in limits' keys and counts per client address, shared by requesting and verifying a code.
import type { EntityManager } from '@mikro-orm/postgresql';

// Where an address's sign-in attempts count. Its send limit and daily failure budget are shared by every client
// address the owner never signed in from, so that an attacker spread over many IPs still gets only that much; a
// client address the owner has a session from (home, office: recorded at every sign-in) counts on its own, so an
// attacker spending the shared budget does not lock the owner out there. Which bucket applies depends only on
// where the request comes from, never on whether the address has an account: from anywhere the owner never
// signed in, both kinds are treated alike.

/** Whether the owner of `email` has a session row opened from `clientIp` (the sessions table keeps them). */
export async function isKnownClientAddress(em: EntityManager, email: string, clientIp: string): Promise<boolean> {
  const rows = await em.execute<{ known: boolean }[]>(
    "select exists (select 1 from sessions s join users u on u.id = s.user_id where u.email = ? and s.client_ip = ? and ? <> '') as known",
    [email, clientIp, clientIp],
  );
  return rows[0]?.known === true;
}

/** The failed tries of the day that count against a challenge requested from `clientIp` for `email`. */
export async function failuresInBucket(
  em: EntityManager,
  email: string,
  clientIp: string,
  since: Date,
): Promise<number> {
  const known = await isKnownClientAddress(em, email, clientIp);
  // em.execute runs inside the caller's transaction; a separate connection here would deadlock the pool under a race.
  const rows = await em.execute<{ failures: number }[]>(
    `select coalesce(sum(c.failed_tries), 0)::int as failures from sign_in_challenges c
      where c.email = ? and c.created_at > ?
        and case when ? then c.client_ip = ?
                 else c.client_ip not in (select s.client_ip from sessions s join users u on u.id = s.user_id where u.email = ?) end`,
    [email, since, known, clientIp, email],
  );
  return rows[0]?.failures ?? 0;
}

/** The rate-limit key of an address's code requests: shared, or its own for a client address the owner signed in from. */
export function sendLimitKey(emailDigest: string, knownClientIp: string | undefined): string {
  return knownClientIp
    ? `signin-send-address-${emailDigest}-from-${knownClientIp}`
    : `signin-send-address-${emailDigest}`;
}
