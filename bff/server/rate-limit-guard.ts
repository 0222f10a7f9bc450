// The one way a public endpoint applies its rate limit: count the attempt, and past the limit answer 429 with the
// seconds to wait (in the body and in Retry-After), thrown so that handler() sends it like any other refusal.
// Kept apart from rate-limit.ts, which only counts: a test that stands in for Redis there still gets this answer.
import type { RateLimit } from '@kassa/platform/ratelimit';
import { tooManyRequests } from './clients/grpc-errors';
import { HttpProblem } from './http-problem';
import { hitBffRateLimit, peekBffRateLimit } from './rate-limit';

/** Counts one attempt against `key` (which names the client's IP); a thrown 429 once the window is used up. */
export async function requireWithinRateLimit(key: string, limit: RateLimit): Promise<void> {
  const verdict = await hitBffRateLimit(key, limit);
  if (verdict.allowed) return;
  const answer = tooManyRequests(verdict.retryAfterSeconds);
  throw new HttpProblem(answer.status, answer.body, answer.headers);
}

/** A 429 when `key` has used up `limit`, without counting this attempt: for limits that count only failures. */
export async function requireAttemptsLeft(key: string, limit: RateLimit): Promise<void> {
  const verdict = await peekBffRateLimit(key, limit);
  if (verdict.allowed) return;
  const answer = tooManyRequests(verdict.retryAfterSeconds);
  throw new HttpProblem(answer.status, answer.body, answer.headers);
}

/** A per-minute limit that an environment variable may raise (load tests from one address): its value, else `fallback`. */
export function perMinuteLimit(configured: string | undefined, fallback: number): RateLimit {
  const limit = Number.parseInt(configured ?? '', 10);
  return { limit: Number.isSafeInteger(limit) && limit > 0 ? limit : fallback, windowSeconds: 60 };
}
