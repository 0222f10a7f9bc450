// The BFF's side of the guest's capability links (web/src/lib/guest-access.ts makes them): reading the access key
// from an address, and the per-address limit on the reads it guards. The owning service checks the key itself
// (ordering, ticketing, payments); a key of the wrong shape never leaves the BFF and answers like a wrong one.
import { isAccessKey } from '@kassa/platform/ids';
import type { RateLimit } from '@kassa/platform/ratelimit';
import { ACCESS_KEY_PARAM } from '@kassa/web/lib/guest-access';
import type { BffConfig } from '../bff-config';
import { tooManyRequests } from '../clients/grpc-errors';
import { HttpProblem, NOT_FOUND_MESSAGE } from '../http-problem';
import { logger } from '../logger';
import { hitBffRateLimit } from '../rate-limit';
import { perMinuteLimit } from '../rate-limit-guard';
import { clientIp, type RequestLike } from '../request-context';

/**
 * Guest reads (order and ticket pages and their API, the demo payment page) per client address and minute. Keys
 * are 128 random bits, so this does not protect them; it stops a scraper from walking ids at speed, while a family
 * or a festival crowd behind one carrier address (each guest's page polls a few times) stays far below it.
 * KASSA_GUEST_READ_RATE_LIMIT (per minute) raises it for load tests that come from one address.
 */
export function guestReadLimit(env: Record<string, string | undefined> = process.env): RateLimit {
  return perMinuteLimit(env.KASSA_GUEST_READ_RATE_LIMIT, 600);
}

/** The key in a query string, or '' when it is missing or not a key (the service then answers NOT_FOUND). */
export function accessKeyOf(search: URLSearchParams | Record<string, string | string[] | undefined>): string {
  const value = search instanceof URLSearchParams ? search.get(ACCESS_KEY_PARAM) : search[ACCESS_KEY_PARAM];
  return typeof value === 'string' && isAccessKey(value) ? value : '';
}

/** A route handler's key: 404 (the answer for a wrong key too) when missing or malformed. */
export function requireAccessKey(request: { nextUrl: URL }): string {
  const key = accessKeyOf(request.nextUrl.searchParams);
  if (!key) throw new HttpProblem(404, { message: NOT_FOUND_MESSAGE });
  return key;
}

const guestReadKey = (request: RequestLike, config: Pick<BffConfig, 'trustProxy'>) =>
  `guest-read:${clientIp(request, config)}`;

/**
 * Counts one guest read for the client's address, in one window for pages (the proxy) and their API. The limit only
 * slows scrapers (the keys are what protect), so a limiter that cannot be reached lets the read through: a guest at
 * the gate still opens their ticket while Redis restarts.
 */
export async function hitGuestRead(
  request: RequestLike,
  config: Pick<BffConfig, 'trustProxy'>,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  try {
    return await hitBffRateLimit(guestReadKey(request, config), guestReadLimit());
  } catch (error) {
    logger.error({ err: (error as Error).message }, 'guest read limit not counted; the read goes through');
    return { allowed: true, retryAfterSeconds: 0 };
  }
}

/** The same for route handlers: a thrown 429 past the limit. */
export async function requireGuestReadAllowed(
  request: RequestLike,
  config: Pick<BffConfig, 'trustProxy'>,
): Promise<void> {
  const verdict = await hitGuestRead(request, config);
  if (!verdict.allowed) {
    const answer = tooManyRequests(verdict.retryAfterSeconds);
    throw new HttpProblem(answer.status, answer.body, answer.headers);
  }
}

/** The pages a guest opens with a key (path without locale prefix): the proxy limits them like their API. */
export function isGuestCapabilityPage(path: string): boolean {
  return /^\/(order|ticket)\/[^/]+\/?$/.test(path) || /^\/payments\/demo\/[^/]+\/?$/.test(path);
}
