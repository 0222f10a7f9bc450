/**
 * Names of shared infrastructure, optionally isolated by KASSA_NAMESPACE. JetStream refuses two streams
 * with overlapping subjects and BullMQ queues and Redis keys are global, so a second copy of the
 * platform on the same servers (the test suite beside a developer's running one) needs its own names.
 * With an empty namespace every name is the production one.
 */
export interface Namespace {
  readonly name: string;
  /** `kassa.identity.>` → `<ns>.kassa.identity.>` */
  subject(subject: string): string;
  /** `KASSA_IDENTITY` → `KASSA_IDENTITY_<NS>` */
  stream(stream: string): string;
  /** A durable consumer name. */
  durable(durable: string): string;
  /** A BullMQ queue name (no ':' allowed). */
  queue(queue: string): string;
  /** A Redis key prefix. */
  key(key: string): string;
}

export const NAMESPACE_PATTERN = /^[a-z0-9]{0,32}$/;

export function createNamespace(name = ''): Namespace {
  if (!NAMESPACE_PATTERN.test(name))
    throw new Error(`KASSA_NAMESPACE must be at most 32 lower-case letters and digits, got "${name}"`);
  const suffix = name ? `_${name.toUpperCase()}` : '';
  return {
    name,
    subject: (subject) => (name ? `${name}.${subject}` : subject),
    stream: (stream) => `${stream}${suffix}`,
    durable: (durable) => (name ? `${durable}-${name}` : durable),
    queue: (queue) => (name ? `${queue}-${name}` : queue),
    key: (key) => (name ? `${name}:${key}` : key),
  };
}
