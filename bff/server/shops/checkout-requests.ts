// Requests of the guest's checkout endpoints (checkout, retry payment, the demo provider's choice, provider webhooks):
// their bodies checked with zod and answered in the spec's words, bodies read within a size limit, the public
// endpoints' rate limits, and the idempotency key of the payment a checkout starts. ordering and payments check
// every rule again; these only keep malformed or oversized input away from them.
import { DEFAULT_LOCALE, LOCALES } from '@kassa/contracts/locales';
import { createHash } from 'node:crypto';
import { messages } from '@kassa/platform/errors';
import type { RateLimit } from '@kassa/platform/ratelimit';
import { checkEmail } from '@kassa/web/lib/auth-rules';
import { DEMO_ACTIONS } from '@kassa/web/lib/checkout';
import { IDEMPOTENCY_KEY_PATTERN } from '@kassa/contracts/idempotency-key';
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { textField } from '../auth/auth-validation';
import { perMinuteLimit } from '../rate-limit-guard';
import { cartLinesField, discountCodeField, donationField } from './cart-fields';
import { HttpProblem } from '../http-problem';
import { isPrefixedId } from '../site/page-validity';
import { parseBody } from '../request-body';

/** A checkout of 100 lines is about 6 KB of JSON; anything near this is not a cart. */
export const CHECKOUT_BODY_LIMIT_BYTES = 32 * 1024;
/** Retry payment and the demo choice carry one short field each. */
export const SMALL_BODY_LIMIT_BYTES = 4 * 1024;
/** Stripe's events are a few KB; the limit leaves room for large ones without letting anyone stream megabytes at us. */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

export const TOO_LARGE_MESSAGE = 'The request is too large.';

/**
 * Checkouts per client IP and shop. Generous on purpose: a school, an office or a mobile carrier puts hundreds of
 * guests behind one address during an on-sale rush, and every checkout is idempotent and limited per order anyway.
 * KASSA_CHECKOUT_RATE_LIMIT (per minute) raises it for load tests that come from one address.
 */
export function checkoutLimit(env: Record<string, string | undefined> = process.env): RateLimit {
  return perMinuteLimit(env.KASSA_CHECKOUT_RATE_LIMIT, 600);
}

/** A per-shop rate-limit key: per IP and per shop (a malformed shop id counts under one key, not its own). */
export function shopLimitKey(kind: string, shopId: string | undefined, ip: string): string {
  return `${kind}:${shopId !== undefined && isPrefixedId('shp', shopId) ? shopId : '-'}:${ip}`;
}
/** Payment attempts (Retry payment) per client IP: a guest retries a few times, not hundreds. */
export const PAYMENT_START_LIMIT: RateLimit = { limit: 60, windowSeconds: 300 };
/** Choices on the demo provider's page per client IP. */
export const DEMO_PAYMENT_LIMIT: RateLimit = { limit: 120, windowSeconds: 300 };

/** The rate-limit key of a checkout: per IP and per shop (a malformed shop id counts under one key, not its own). */
export function checkoutLimitKey(shopId: string | undefined, ip: string): string {
  return shopLimitKey('checkout', shopId, ip);
}

/**
 * Price quotes per client IP and shop: the same number as checkouts (a cart's quotes follow its edits), in a window
 * of their own, so that a guesser learns which discount codes exist no faster through a quote than through a checkout.
 */
export function priceQuoteLimitKey(shopId: string | undefined, ip: string): string {
  return shopLimitKey('price', shopId, ip);
}

const idempotencyKey = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? messages.required('Idempotency key')
        : messages.invalid('Idempotency key'),
  })
  .regex(IDEMPOTENCY_KEY_PATTERN, { error: messages.invalid('Idempotency key') });

const locale = z.enum(LOCALES, { error: messages.invalid('Locale') }).default(DEFAULT_LOCALE);

/** POST /api/shops/{shopId}/checkout: the spec's payload (items with quantity, subscribe) and the rest of the cart. */
export const checkoutBody = z.object({
  items: cartLinesField('Items'),
  subscribe: z.boolean({ error: messages.invalid('Subscribe') }).default(false),
  email: textField('Email', checkEmail).transform((email) => email.trim()),
  discountCode: discountCodeField,
  donationMinor: donationField,
  idempotencyKey,
  locale,
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

/** POST /api/orders/{orderId}/payments: Retry payment, with a key the browser made for this attempt. */
export const retryPaymentBody = z.object({ idempotencyKey, locale });
export type RetryPaymentBody = z.infer<typeof retryPaymentBody>;

/** POST /api/payments/{paymentId}/demo: what the guest chose on the demo provider's test-mode page. */
export const demoPaymentBody = z.object({
  action: z.enum(DEMO_ACTIONS, {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? messages.required('Action') : messages.invalid('Action'),
  }),
  locale,
});
export type DemoPaymentBody = z.infer<typeof demoPaymentBody>;

/**
 * The idempotency key of the payment attempt a checkout starts, derived from the checkout's: a retried checkout
 * (same key, same order) finds the same attempt instead of opening a second one, and it can never equal a key the
 * browser makes for Retry payment (those are hex; this one starts with "co_").
 */
export function checkoutPaymentKey(shopId: string, checkoutKey: string): string {
  return `co_${createHash('sha256').update(`${shopId}:${checkoutKey}`).digest('base64url')}`;
}

/**
 * The request's body as bytes, refused with 413 when it is larger than `limit`: the declared Content-Length is
 * checked first, and the stream is cut off as soon as it passes the limit (a missing or false length proves nothing).
 */
export async function readBodyBytes(request: Pick<NextRequest, 'headers' | 'body'>, limit: number): Promise<Buffer> {
  const declared = Number.parseInt(request.headers.get('content-length') ?? '', 10);
  if (Number.isFinite(declared) && declared > limit) throw new HttpProblem(413, { message: TOO_LARGE_MESSAGE });
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new HttpProblem(413, { message: TOO_LARGE_MESSAGE });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** The JSON body within `limit` bytes; unreadable JSON counts as empty, so that validation names what is missing. */
export async function readJsonWithin(request: Pick<NextRequest, 'headers' | 'body'>, limit: number): Promise<unknown> {
  const bytes = await readBodyBytes(request, limit);
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return {};
  }
}

/**
 * Reads and checks a JSON body within `limit` bytes, naming each field by its dotted path; a failure is a thrown 400
 * (413 when too large).
 */
export async function readCheckedBody<S extends z.ZodType>(
  request: Pick<NextRequest, 'headers' | 'body'>,
  schema: S,
  limit: number,
): Promise<z.output<S>> {
  return parseBody(schema, await readJsonWithin(request, limit), (path) => path.map(String).join('.')) as z.output<S>;
}

/** ordering names the cart's lines as its proto does ("lines", "lines.0.quantity"); the browser sent them as "items". */
export function renameLineFields(fields: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!fields) return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([name, message]) => [name.replace(/^lines(?=$|[.[])/, 'items'), message]),
  );
}

/** The webhook's 400: a missing or wrong Stripe-Signature. */
export const INVALID_SIGNATURE_MESSAGE = 'Signature is invalid';
