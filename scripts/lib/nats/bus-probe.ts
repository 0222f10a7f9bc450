/**
 * Tries to abuse the machine's event bus the way a compromised pod would, and counts what NATS let through. Shared by
 * the bus test (scripts/lib/nats/test/integration) and `npm run verify`'s abuse section.
 *
 * Every probe runs in a throw-away namespace (`<ns>.kassa.…`), which no stream captures, so nothing reaches a running
 * platform. A request tells the outcome apart: NATS answers "no responders" to a publish it allowed and a permissions
 * violation to one it refused.
 */
import { randomBytes } from 'node:crypto';
import { NATS_ADMIN_USER, natsAuthOptions, serviceNatsUser } from '@kassa/platform/messaging';
import { connect, type NatsConnection, PermissionViolationError } from '@nats-io/transport-node';
import { BUS_ACCOUNTS } from './bus-accounts';

const NATS_URL = () => process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

export type Outcome = 'refused' | 'allowed';

/** Whether NATS let `nc` publish on `subject`. */
export async function publishOutcome(nc: NatsConnection, subject: string): Promise<Outcome> {
  try {
    await nc.request(subject, new TextEncoder().encode('forged'), { timeout: 2_000 });
    return 'allowed';
  } catch (error) {
    if (isPermissionViolation(error)) return 'refused';
    // No responders or a timeout: the server let the message through; only nobody listened.
    return 'allowed';
  }
}

/** Whether NATS let `nc` subscribe to `subject` (a refused subscription is closed with a permissions violation). */
export async function subscribeOutcome(nc: NatsConnection, subject: string): Promise<Outcome> {
  const subscription = nc.subscribe(subject);
  const ended = (async () => {
    try {
      for await (const message of subscription) void message;
      return 'allowed' as const;
    } catch (error) {
      return isPermissionViolation(error) ? ('refused' as const) : ('allowed' as const);
    }
  })();
  await nc.flush();
  const outcome = await Promise.race([
    ended,
    new Promise<Outcome>((resolve) => setTimeout(() => resolve('allowed'), 500)),
  ]);
  subscription.unsubscribe();
  return outcome;
}

function isPermissionViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof PermissionViolationError || /permissions violation/i.test(cause.message)) return true;
  }
  return false;
}

export async function connectAs(user: string | null): Promise<NatsConnection> {
  return connect({
    servers: NATS_URL(),
    reconnect: false,
    timeout: 5_000,
    ...(user === null ? {} : natsAuthOptions(user)),
  });
}

/** Whether a connection without credentials is accepted. */
export async function anonymousAccepted(): Promise<boolean> {
  try {
    const nc = await connectAs(null);
    await nc.close();
    return true;
  } catch {
    return false;
  }
}

export interface ForgeryResult {
  /** Publishes of another service's subject, subscriptions to another service's subjects or everything. */
  attempts: number;
  /** Of those, what NATS let through (must be 0). */
  accepted: number;
  /** Each service's publish of its own subject (must all be allowed: the probe can tell the two apart). */
  ownAllowed: number;
  ownAttempts: number;
  /** Attempts let through, as `<user> publish|subscribe <subject>`. */
  leaks: string[];
}

/**
 * As each service's (namespaced) user, publishes every other service's subjects and subscribes to them and to `>`.
 * `asUser` swaps the credentials used (the control run passes the admin's: the same attempts with no guard).
 */
export async function probeForgery(options: { asUser?: (service: string) => string } = {}): Promise<ForgeryResult> {
  const namespace = `tbus${randomBytes(4).toString('hex')}`;
  const result: ForgeryResult = { attempts: 0, accepted: 0, ownAllowed: 0, ownAttempts: 0, leaks: [] };
  for (const account of BUS_ACCOUNTS) {
    const user = options.asUser?.(account.service) ?? serviceNatsUser(account.service, namespace);
    const nc = await connectAs(user);
    try {
      result.ownAttempts += 1;
      if ((await publishOutcome(nc, `${namespace}.kassa.${account.service}.probe.own`)) === 'allowed')
        result.ownAllowed += 1;
      for (const other of BUS_ACCOUNTS) {
        if (other.service === account.service) continue;
        const subject = `${namespace}.kassa.${other.service}.probe.forged`;
        result.attempts += 1;
        if ((await publishOutcome(nc, subject)) === 'allowed') {
          result.accepted += 1;
          result.leaks.push(`${user} publish ${subject}`);
        }
      }
      for (const subject of ['>', `${namespace}.kassa.>`, '_INBOX.>']) {
        result.attempts += 1;
        if ((await subscribeOutcome(nc, subject)) === 'allowed') {
          result.accepted += 1;
          result.leaks.push(`${user} subscribe ${subject}`);
        }
      }
    } finally {
      await nc.close();
    }
  }
  return result;
}

/** The control: the same attempts with the admin's credentials, which carry no restriction. */
export const probeForgeryWithoutGuard = () => probeForgery({ asUser: () => NATS_ADMIN_USER });
