// The guest's side of checkout, in the shapes the screens receive from the BFF, and the pure rules they follow:
// idempotency keys made in the browser, one submit at a time, what an order's state means for the guest, how often
// the order page asks again. Money travels as integer minor units; dates as ISO strings ('' for none).
import { newIdempotencyKey } from '@kassa/contracts/idempotency-key';
import type { ApiFailure } from './api-result';
import type { OrderLineView, OrderMoneyView } from './order-model';

/** The body of POST /api/shops/{shopId}/checkout (the spec's checkout payload: items with quantity, subscribe). */
export interface CheckoutInput {
  items: { itemId: string; quantity: number }[];
  /** The guest's opt-in to the organiser's mailings; never assumed. */
  subscribe: boolean;
  email: string;
  discountCode: string;
  donationMinor: number;
  /** Made once per checkout attempt in the browser; a retry after a lost answer sends the same one. */
  idempotencyKey: string;
  /** The language of the guest's e-mails and of the pages the guest is sent to. */
  locale: string;
}

/** The answer of a checkout: where the guest goes next (the payment provider, or the order page). */
export interface CheckoutResult {
  orderId: string;
  status: string;
  redirectUrl: string;
}

/** The answer of POST /api/orders/{orderId}/payments (Retry payment). */
export interface PaymentRedirect {
  redirectUrl: string;
}

/** The answer of POST /api/payments/{paymentId}/demo. */
export interface DemoPaymentResult {
  orderId: string;
  redirectUrl: string;
}

/** A line as its guest sees it: the organiser's line without the ticket option and events behind it. */
export type GuestOrderLineView = Omit<OrderLineView, 'ticketOptionId' | 'eventIds'>;

/** An order as its guest sees it (ordering's GuestOrder), its money flat beside the rest. */
export interface GuestOrderView extends OrderMoneyView {
  id: string;
  /** The guest's key to the order: its page, its API and its tickets open only with it (lib/guest-access.ts). */
  accessKey: string;
  /** Human-readable, e.g. "K7F3-9QX2". */
  number: string;
  shopId: string;
  /** created, reserved, pending, paid, expired or canceled. */
  status: string;
  lines: GuestOrderLineView[];
  email: string;
  /** The code applied, as the organiser wrote it; '' for none. */
  discountCode: string;
  /** When the hold ends unless paid; '' once paid, expired or canceled. */
  expiresAt: string;
  paidAt: string;
  createdAt: string;
  /** Whether a new payment attempt may start now. */
  payable: boolean;
  /** Whether its hold ran out unpaid and Retry payment may hold its tickets again (when they are still there). */
  renewable: boolean;
  /** '', expired, canceled, refunded or late_payment_refunded. */
  outcome: string;
}

/** A demo provider's payment attempt, for its test-mode page. */
export interface DemoPaymentView {
  id: string;
  orderId: string;
  orderNumber: string;
  /** created, pending, authorized, paid, failed, canceled or expired. */
  status: string;
  amountMinor: number;
  currency: string;
  shopId: string;
  /** '' when the shop cannot be shown any more. */
  shopName: string;
}

export const DEMO_ACTIONS = ['pay', 'fail', 'abandon'] as const;
export type DemoAction = (typeof DEMO_ACTIONS)[number];

/** Whether the guest may still choose on the demo page: the attempt is not final. */
export function isOpenPayment(status: string): boolean {
  return status === 'created' || status === 'pending';
}

/** How a submit ended, for the key: definitive (the server decided), or unsure (no answer, or a 5xx after which it may have acted). */
export type SubmitOutcome = 'definitive' | 'unsure';

export function submitOutcome(status: number): SubmitOutcome {
  return status === 0 || status >= 500 ? 'unsure' : 'definitive';
}

/**
 * The sentence a checkout screen shows when a call got no usable answer, as a message key of its namespace: `timeout`
 * when nothing came back in time, `unreachable` for any other unsure outcome (no connection, or the platform failed);
 * null when the server decided. Either way the submit's key is kept, so trying again is safe.
 */
export function connectionFailure(result: ApiFailure): 'timeout' | 'unreachable' | null {
  if (result.timedOut) return 'timeout';
  return submitOutcome(result.status) === 'unsure' ? 'unreachable' : null;
}

export interface SubmitGate {
  /**
   * Starts a submit of `payload` (any string standing for what is sent): the key to send, or null while another
   * submit is under way (a double click). The key stays the same for the same payload until a definitive answer,
   * so a retry after a lost answer finds the order or payment the first try made instead of making a second.
   */
  begin(payload: string): string | null;
  /** Ends the submit; a definitive answer retires the key (the next attempt is a new one). */
  finish(outcome: SubmitOutcome): void;
  readonly busy: boolean;
}

export function createSubmitGate(makeKey: () => string = newIdempotencyKey): SubmitGate {
  let key: string | null = null;
  let keyPayload = '';
  let inFlight = false;
  return {
    begin(payload) {
      if (inFlight) return null;
      inFlight = true;
      if (key === null || keyPayload !== payload) {
        key = makeKey();
        keyPayload = payload;
      }
      return key;
    },
    finish(outcome) {
      inFlight = false;
      if (outcome === 'definitive') {
        key = null;
        keyPayload = '';
      }
    },
    get busy() {
      return inFlight;
    },
  };
}

/** What the provider's return link (or the demo page) tells the order page in ?payment=. */
export const PAYMENT_RETURNS = ['canceled', 'failed', 'error'] as const;
export type PaymentReturn = (typeof PAYMENT_RETURNS)[number] | '';

export function toPaymentReturn(value: string | string[] | undefined): PaymentReturn {
  const first = Array.isArray(value) ? value[0] : value;
  return (PAYMENT_RETURNS as readonly string[]).includes(first ?? '') ? (first as PaymentReturn) : '';
}

/**
 * What the order page shows:
 * - paid: thank you, the e-mail is on its way;
 * - waiting: held (reserved) or payment under way (pending), with the hold's countdown and a Pay/Retry button;
 * - failed: the payment failed or was aborted while the order is still held (Retry payment when payable);
 * - expired: the hold ran out before a payment arrived;
 * - canceled / refunded / latePaymentRefunded: how the order ended otherwise.
 */
export type OrderPhase = 'paid' | 'waiting' | 'failed' | 'expired' | 'canceled' | 'refunded' | 'latePaymentRefunded';

export function orderPhase(
  order: Pick<GuestOrderView, 'status' | 'outcome'>,
  paymentReturn: PaymentReturn = '',
): OrderPhase {
  if (order.status === 'paid') return 'paid';
  if (order.outcome === 'late_payment_refunded') return 'latePaymentRefunded';
  if (order.outcome === 'refunded') return 'refunded';
  if (order.status === 'canceled') return 'canceled';
  if (order.status === 'expired') return 'expired';
  // created, reserved, pending (and any newer word): the order is still held.
  return paymentReturn === 'canceled' || paymentReturn === 'failed' ? 'failed' : 'waiting';
}

/** Whether the order page keeps asking: while the order is held, and for a while after expiry (a late payment may still land). */
export function shouldPoll(order: Pick<GuestOrderView, 'status' | 'outcome'>, pollingForMs: number): boolean {
  if (order.status === 'paid' || order.status === 'canceled') return false;
  if (order.status === 'expired')
    return order.outcome !== 'late_payment_refunded' && pollingForMs < EXPIRED_POLL_WINDOW_MS;
  return true;
}

/** How long an expired order is still followed: a payment made just before the hold ended can arrive a little later. */
export const EXPIRED_POLL_WINDOW_MS = 10 * 60_000;
export const FIRST_POLL_DELAY_MS = 1_000;
export const MAX_POLL_DELAY_MS = 10_000;

/** The wait before the next look: 1 s, growing by half each time, at most 10 s. */
export function pollDelayMs(attempt: number): number {
  return Math.min(MAX_POLL_DELAY_MS, Math.round(FIRST_POLL_DELAY_MS * 1.5 ** Math.max(0, attempt)));
}

/** Whole seconds left until `expiresAt` (ISO), never below 0; null without a deadline. */
export function secondsLeft(expiresAt: string, now: number): number | null {
  const end = Date.parse(expiresAt);
  if (!Number.isFinite(end)) return null;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** 754 → "12:34"; 3754 → "1:02:34". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
