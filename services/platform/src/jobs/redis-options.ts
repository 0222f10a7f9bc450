import type { RedisOptions } from 'ioredis';

/** ioredis options from `redis://[user:password@]host:port[/db]` (`rediss://` for TLS). */
export function redisOptionsFromUrl(redisUrl: string): RedisOptions {
  const url = new URL(redisUrl);
  const db = url.pathname.replace(/^\//, '');
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: db ? Number(db) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
  };
}

/** BullMQ builds its Redis keys with ':'; a name or job id containing one is rejected or corrupts keys. */
export function assertNoColon(what: string, value: string): void {
  if (value.length === 0 || value.includes(':'))
    throw new Error(`${what} must be non-empty and must not contain ':' (got "${value}")`);
}
