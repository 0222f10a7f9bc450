// Floods of the public endpoints from one client address while buyers at other addresses check out and pay. Each
// flood sends past the endpoint's own limit (the platform's values, not raised for the test); the limited ones must
// start answering 429 with Retry-After, nothing may answer 5xx, and every buyer must get through.
import { randomUUID } from 'node:crypto';
import { newAccessKey, newId } from '@kassa/platform/ids';
import { mustBeAtLeast, mustBeZero, mustEqual, type VerifyFigure } from '../figures';
import { Browser, clientAddress, type HttpAnswer, inPool } from './http';
import { buyAndPay, checkoutBody } from './shop';
import type { AbuseSizes } from './sizes';

const SECTION = 'abuse';
const FLOOD_GROUP = 8;
const BUYER_GROUP = 9;

export interface Flood {
  name: string;
  /** The limit per client address the endpoint applies, in words, or undefined when it has none. */
  limit?: string;
  /** Requests at or under the limit: the flood sends this many plus AbuseSizes.flood.beyondLimit (twice that without a limit). */
  allowed: number;
  request(browser: Browser, n: number): Promise<HttpAnswer>;
}

export interface FloodTarget {
  bffUrl: string;
  shopId: string;
  itemId: string;
  /** A scan link's secret of the shop's event. */
  scanSecret: string;
  /** A paid order of the shop and its guest's access key, for the order page's lookups (as its page makes them). */
  orderId: string;
  orderAccessKey: string;
}

/**
 * The public endpoints and their limits (bff/server/<area>/*-requests.ts, bff/server/rate-limit.ts; identity's and
 * notifications' policies).
 */
export function publicFloods(target: FloodTarget): Flood[] {
  const tag = randomUUID().slice(0, 8);
  return [
    {
      name: 'checkout',
      limit: '600 per minute per address and shop',
      allowed: 600,
      request: (browser) =>
        browser.call('POST', `/api/shops/${target.shopId}/checkout`, {
          body: checkoutBody(newId('itm'), 1, `flood-${tag}@example.test`),
        }),
    },
    {
      name: 'sign-in code request',
      limit: '30 per 15 minutes per address',
      allowed: 30,
      request: (browser, n) =>
        browser.call('POST', '/api/_auth/sign-in-code', {
          body: { email: `flood-${tag}-${n}@example.test`, purpose: 'sign-in', locale: 'en' },
        }),
    },
    {
      name: 'scan link',
      limit: '600 per minute per address and link',
      allowed: 600,
      request: (browser) =>
        browser.call('POST', '/api/scan', {
          body: {
            secret: target.scanSecret,
            code: `KT1.flood.${randomUUID()}.x`,
            nonce: randomUUID(),
            deviceId: 'dev_flood_phone',
          },
        }),
    },
    {
      name: 'shop password',
      limit: '20 per 5 minutes per address and shop',
      allowed: 20,
      request: (browser) => browser.call('POST', `/api/shops/${target.shopId}/access`, { body: { password: 'guess' } }),
    },
    {
      name: 'retry payment',
      limit: '60 per 5 minutes per address',
      allowed: 60,
      // A made-up order with a key of the right form, so that each request goes on to payments as a guesser's would.
      request: (browser) =>
        browser.call('POST', `/api/orders/${newId('ord')}/payments?key=${newAccessKey()}`, {
          body: { idempotencyKey: randomUUID(), locale: 'en' },
        }),
    },
    {
      name: 'demo payment page',
      limit: '120 per 5 minutes per address',
      allowed: 120,
      request: (browser) =>
        browser.call('POST', `/api/payments/${newId('pay')}/demo?key=${newAccessKey()}`, {
          body: { action: 'pay', locale: 'en' },
        }),
    },
    {
      name: 'waitlist',
      limit: '30 per 15 minutes per address',
      allowed: 30,
      request: (browser, n) =>
        browser.call('POST', '/api/waitlist', { body: { email: `flood-${tag}-${n}@example.test`, locale: 'en' } }),
    },
    {
      name: 'contact form',
      limit: '10 per 15 minutes per address',
      allowed: 10,
      request: (browser, n) =>
        browser.call('POST', '/api/contact', {
          body: {
            name: 'Flood',
            email: `flood-${tag}-${n}@example.test`,
            message: 'A message from a flood.',
            locale: 'en',
          },
        }),
    },
    // The guest's reads, as the order page polls them: with the order's access key, so that every one goes all the
    // way to ordering and ticketing until the limit, which counts the order and ticket pages and their API together.
    {
      name: 'order lookup',
      limit: '600 per minute per address (guest reads)',
      allowed: 600,
      request: (browser) => browser.call('GET', `/api/orders/${target.orderId}?key=${target.orderAccessKey}`),
    },
    {
      name: 'order tickets',
      limit: '600 per minute per address (guest reads)',
      allowed: 600,
      request: (browser) =>
        browser.call('GET', `/api/orders/${target.orderId}/tickets?key=${target.orderAccessKey}&locale=en`),
    },
    // Quotes are limited like checkouts, so that a discount code is guessed no faster through them.
    {
      name: 'cart price',
      limit: '600 per minute per address and shop',
      allowed: 600,
      request: (browser) =>
        browser.call('POST', `/api/shops/${target.shopId}/price`, {
          body: { lines: [{ itemId: target.itemId, quantity: 1 }], discountCode: '', donationMinor: 0 },
        }),
    },
    // Without a limit of its own in the BFF: the cacheable shop page. Flooded too, to show it stays up and buyers get
    // through; its protection against volume is the ingress (see the report).
    {
      name: 'shop page',
      allowed: 0,
      request: (browser) => browser.call('GET', `/s/${target.shopId}`),
    },
  ];
}

export interface FloodResult {
  name: string;
  limit?: string;
  sent: number;
  statuses: Map<number, number>;
  tooMany: number;
  tooManyWithoutRetryAfter: number;
  serverErrors: number;
}

async function runFlood(
  bffUrl: string,
  flood: Flood,
  extra: number,
  concurrency: number,
  ip: string,
): Promise<FloodResult> {
  const browser = new Browser(bffUrl, ip);
  const result: FloodResult = {
    name: flood.name,
    limit: flood.limit,
    sent: 0,
    statuses: new Map(),
    tooMany: 0,
    tooManyWithoutRetryAfter: 0,
    serverErrors: 0,
  };
  const count = flood.limit ? flood.allowed + extra : 2 * extra;
  await inPool(
    Array.from({ length: count }, (_, n) => n),
    concurrency,
    async (n) => {
      const answer = await flood.request(browser, n);
      result.sent++;
      result.statuses.set(answer.status, (result.statuses.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500) result.serverErrors++;
      if (answer.status === 429) {
        result.tooMany++;
        if (!/^[1-9]\d*$/.test(answer.headers.get('retry-after') ?? '')) result.tooManyWithoutRetryAfter++;
      }
    },
  );
  return result;
}

export async function floodPublicEndpoints(
  target: FloodTarget,
  sizes: AbuseSizes['flood'],
  log: (line: string) => void,
): Promise<VerifyFigure[]> {
  const floods = publicFloods(target);
  // One flood at a time, each from its own address and as fast as this machine sends: run all at once on two cores,
  // each would be slower than its limit (600 a minute is 10 a second) and rightly never be refused. During each,
  // buyers at other addresses check out and pay.
  const results: FloodResult[] = [];
  const buyerFailures: string[] = [];
  let buyers = 0;
  let bought = 0;
  for (const [i, flood] of floods.entries()) {
    const buying = Array.from({ length: sizes.buyersPerFlood }, () => clientAddress(BUYER_GROUP, ++buyers));
    const [result] = await Promise.all([
      runFlood(target.bffUrl, flood, sizes.beyondLimit, sizes.concurrency, clientAddress(FLOOD_GROUP, i + 1)),
      inPool(buying, sizes.buyersPerFlood, async (ip) => {
        try {
          await buyAndPay(target.bffUrl, target, 1, ip);
          bought++;
        } catch (error) {
          buyerFailures.push(`during the ${flood.name} flood: ${(error as Error).message.slice(0, 160)}`);
        }
      }),
    ]);
    results.push(result);
  }
  for (const result of results) {
    log(
      `flood ${result.name} (${result.limit ?? 'no limit in the BFF'}): ${result.sent} requests, ${[...result.statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${count}×${status}`)
        .join(' ')}`,
    );
  }
  for (const failure of buyerFailures) log(`flood: buyer failed ${failure}`);
  return [
    ...results
      .filter((result) => result.limit)
      .map((result) =>
        mustBeAtLeast(SECTION, `flood ${result.name} (${result.limit}): requests answered 429`, result.tooMany, 1),
      ),
    mustBeZero(
      SECTION,
      'flood: 429 answers without a Retry-After in seconds',
      results.reduce((sum, result) => sum + result.tooManyWithoutRetryAfter, 0),
    ),
    mustBeZero(
      SECTION,
      `flood: answers 5xx (of ${results.reduce((sum, result) => sum + result.sent, 0).toLocaleString('en-US')})`,
      results.reduce((sum, result) => sum + result.serverErrors, 0),
    ),
    mustEqual(
      SECTION,
      'flood: buyers at other addresses who checked out and paid during the floods',
      bought,
      buyers,
      buyerFailures.slice(0, 2).join('; ') || undefined,
    ),
  ];
}
