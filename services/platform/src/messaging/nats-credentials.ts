import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Who a process is on the event bus. NATS refuses anonymous connections: each service connects as its own user, whose
 * permissions let it publish only its own subjects and read only what it consumes (the table is in
 * scripts/lib/nats/bus-accounts.ts; docs/ARCHITECTURE.md, "An authenticated event bus").
 *
 * - In a cluster the chart sets NATS_USER and NATS_PASSWORD from the service's own Secret key.
 * - On a development machine scripts/lib/nats/ensure-nats.ts writes one password file per user under
 *   NATS_CREDENTIALS_DIR (default MACHINE_NATS_CREDENTIALS_DIR), readable by root only, and starts NATS with them.
 */

/** Where the machine's NATS keeps its configuration and its users' passwords (written by scripts/lib/nats). */
export const MACHINE_NATS_DIR = '/var/lib/kassa/nats';
export const MACHINE_NATS_CREDENTIALS_DIR = join(MACHINE_NATS_DIR, 'credentials');

/** Operators' and test tools' user (stream clean-up, replay, reconciliation): all rights, never a service's. */
export const NATS_ADMIN_USER = 'kassa-admin';

/**
 * A copy of the platform isolated by KASSA_NAMESPACE (the tests beside a running platform) cannot name its streams and
 * consumers exactly in a static server configuration, so it connects as `<service>-namespaced`, a user allowed only
 * namespaced subjects (`<ns>.kassa.<service>.>`). Production has no such user, so a namespace there is refused.
 */
export function serviceNatsUser(serviceName: string, namespace: string): string {
  return namespace ? `${serviceName}-namespaced` : serviceName;
}

/**
 * Replies (JetStream acknowledgements, pulled messages) come back on this prefix. Each user subscribes only to its own,
 * so no user can read another's replies, which carry the messages it pulls.
 */
export function natsInboxPrefix(user: string): string {
  return `_INBOX_${user}`;
}

export interface NatsAuthOptions {
  user?: string;
  pass?: string;
  inboxPrefix?: string;
  tls?: { caFile: string };
}

type Env = Record<string, string | undefined>;

/**
 * The connection options for `user`: NATS_PASSWORD (with NATS_USER) when set, else the password file of that user, and
 * NATS_TLS_CA_FILE as the certificate authority of a `tls://` server.
 */
export function natsAuthOptions(user: string, env: Env = process.env): NatsAuthOptions {
  const name = env.NATS_USER?.trim() || user;
  const pass =
    env.NATS_PASSWORD || readPasswordFile(env.NATS_CREDENTIALS_DIR?.trim() || MACHINE_NATS_CREDENTIALS_DIR, name);
  const caFile = env.NATS_TLS_CA_FILE?.trim();
  return {
    ...(pass ? { user: name, pass } : {}),
    inboxPrefix: natsInboxPrefix(name),
    ...(caFile ? { tls: { caFile } } : {}),
  };
}

function readPasswordFile(dir: string, user: string): string | undefined {
  try {
    return readFileSync(join(dir, user), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** A refused connection names what to check, instead of NATS's bare "Authorization Violation". */
export function describeNatsAuthError(error: unknown, user: string): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (!/authorization|authentication|permission/i.test(message))
    return error instanceof Error ? error : new Error(message);
  return new Error(
    `NATS refused user "${user}" (${message}): set NATS_USER and NATS_PASSWORD, or on a development machine run ` +
      '`npm run up` or `npm test` once, which write the users and start NATS with them (scripts/lib/nats)',
  );
}
