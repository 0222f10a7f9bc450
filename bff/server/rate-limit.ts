// Rate limits of the BFF's own public endpoints (a shop's password form), counted in Redis with the platform's
// fixed-window limiter so that every BFF replica shares one count. Redis is reached lazily, on the first hit.
import { createNamespace } from '@kassa/platform/config';
import { createRateLimiter, type RateLimit, type RateLimiter } from '@kassa/platform/ratelimit';
import { Redis } from 'ioredis';
import { readBffConfig } from './bff-config';
import { logger } from './logger';

/** Password attempts per client IP and shop: enough for a family behind one router, too few to guess. */
export const SHOP_PASSWORD_LIMIT: RateLimit = { limit: 20, windowSeconds: 300 };

const holder = globalThis as typeof globalThis & { kassaBffRateLimiter?: RateLimiter };

function limiter(): RateLimiter {
  if (!holder.kassaBffRateLimiter) {
    // Few retries: a guest waiting on a password form is better served by a quick 503 than by a queue.
    const redis = new Redis(readBffConfig().redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    redis.on('error', (error: Error) => logger.error({ err: error.message }, 'rate limiter: Redis error'));
    holder.kassaBffRateLimiter = createRateLimiter(redis, {
      prefix: createNamespace(process.env.KASSA_NAMESPACE ?? '').key('kassa:ratelimit:bff:'),
    });
  }
  return holder.kassaBffRateLimiter;
}

/** Counts one attempt against `key`: allowed, or how many seconds until the window frees up. */
export function hitBffRateLimit(
  key: string,
  limit: RateLimit,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  return limiter().hit(key, limit);
}

/** Whether one more attempt against `key` would be allowed, without counting it (limits that count only failures). */
export function peekBffRateLimit(
  key: string,
  limit: RateLimit,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  return limiter().peek(key, limit);
}
