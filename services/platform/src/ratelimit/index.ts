import type { Redis } from 'ioredis';
import { RateLimitedError } from '../errors';

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window frees up; 0 when allowed. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  hit(key: string, limit: RateLimit): Promise<RateLimitResult>;
  /** Whether one more hit would be allowed, without counting one (limits that count only failures). */
  peek(key: string, limit: RateLimit): Promise<RateLimitResult>;
}

// Fixed window counter in one script, so that concurrent hits from many replicas never over-admit:
// INCR, set the expiry on the first hit, and answer with the count and the time left in the window.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

const KEY_PREFIX = 'kassa:ratelimit:';

type RedisWithHit = Redis & { kassaRateLimitHit(key: string, windowMs: number): Promise<[number, number]> };

/** A fixed-window rate limiter in Redis: `hit` counts one attempt against `key` and says whether it may proceed. */
export function createRateLimiter(redis: Redis, { prefix = KEY_PREFIX }: { prefix?: string } = {}): RateLimiter {
  const client = redis as RedisWithHit;
  // defineCommand caches the script by SHA (EVALSHA, falling back to EVAL after a script flush).
  if (typeof client.kassaRateLimitHit !== 'function')
    client.defineCommand('kassaRateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });

  return {
    async hit(key, { limit, windowSeconds }) {
      if (!Number.isInteger(limit) || limit < 1) throw new Error('limit must be a positive integer');
      if (!(windowSeconds > 0)) throw new Error('windowSeconds must be positive');
      const [count, ttlMs] = await client.kassaRateLimitHit(prefix + key, Math.ceil(windowSeconds * 1000));
      const allowed = count <= limit;
      return {
        allowed,
        remaining: Math.max(0, limit - count),
        retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(ttlMs / 1000)),
      };
    },
    async peek(key, { limit }) {
      const [count, ttlMs] = await Promise.all([client.get(prefix + key), client.pttl(prefix + key)]);
      const used = Number(count ?? 0);
      const allowed = used < limit;
      return {
        allowed,
        remaining: Math.max(0, limit - used),
        retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(ttlMs / 1000)),
      };
    },
  };
}

/** Counts one hit and throws RateLimitedError (→ RESOURCE_EXHAUSTED + retry-after) when the limit is used up. */
export async function enforceRateLimit(
  limiter: RateLimiter,
  key: string,
  limit: RateLimit,
  message?: string,
): Promise<RateLimitResult> {
  const result = await limiter.hit(key, limit);
  if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds, message);
  return result;
}
