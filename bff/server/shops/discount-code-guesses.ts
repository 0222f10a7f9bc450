// Discount codes cannot be guessed quickly, through the price quote or the checkout: only misses count, per client
// IP and shop. A guest who types a real code never uses the budget up, while a guesser gets a few tries per ten minutes
// and then a 429 for any code, before ordering is asked, so even a right guess then tells nothing.
import type { RateLimit } from '@kassa/platform/ratelimit';
import { shopLimitKey } from './checkout-requests';
import { hitBffRateLimit } from '../rate-limit';
import { perMinuteLimit, requireAttemptsLeft } from '../rate-limit-guard';

/**
 * Codes that did not apply, per client IP and shop, in ten minutes: a family trying a few spellings, not a dictionary.
 * KASSA_CODE_MISS_LIMIT raises it (per ten minutes) for load tests that come from one address.
 */
export function codeMissLimit(env: Record<string, string | undefined> = process.env): RateLimit {
  return { ...perMinuteLimit(env.KASSA_CODE_MISS_LIMIT, 20), windowSeconds: 600 };
}

export function codeMissKey(shopId: string | undefined, ip: string): string {
  return shopLimitKey('code-miss', shopId, ip);
}

/** Before asking ordering about a code: a 429 once this client has missed too often in this shop. No code, no check. */
export async function requireCodeGuessesLeft(key: string, discountCode: string): Promise<void> {
  if (discountCode.trim() === '') return;
  await requireAttemptsLeft(key, codeMissLimit());
}

/** A code that did not apply (unknown, expired, used up, not for these items) counts one miss. */
export async function countCodeMiss(key: string): Promise<void> {
  await hitBffRateLimit(key, codeMissLimit());
}
