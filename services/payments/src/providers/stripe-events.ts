// Pure mappings of Stripe's objects and events onto provider-neutral outcomes; unit-tested without the network.
import type { Money } from '@kassa/platform/money';
import type { ProviderEvent, ProviderOutcome, ReportedPaymentStatus } from '../domain/provider-event';
import type { RefundResult } from './payment-provider';

/** The fields of a Checkout Session this code reads. */
export interface StripeSessionLike {
  id: string;
  status?: string | null;
  payment_status?: string | null;
  payment_intent?: string | { id: string } | null;
  /** What the session charges in minor units after discounts and taxes: what the guest paid once it is paid. */
  amount_total?: number | null;
  /** Lower case ("eur"). */
  currency?: string | null;
  metadata?: Record<string, string> | null;
}

/** The fields of a Refund this code reads. */
export interface StripeRefundLike {
  id: string;
  status?: string | null;
  failure_reason?: string | null;
  metadata?: Record<string, string> | null;
}

export interface StripeEventLike {
  id: string;
  type: string;
  data: { object: unknown };
}

export const ASYNC_PAYMENT_FAILED_REASON = 'The bank declined the payment';

export const paymentIntentOf = (session: StripeSessionLike): string | undefined =>
  typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? undefined);

/** What a session charged, as Stripe reports it (the comparison normalises the currency); undefined when it does not say. */
export function sessionReceived(session: StripeSessionLike): Money | undefined {
  if (typeof session.amount_total !== 'number' || !session.currency) return undefined;
  return { amountMinor: session.amount_total, currency: session.currency };
}

/**
 * A session's state: complete and paid (or nothing to pay) → paid; complete but unpaid → authorized (an
 * asynchronous method such as a bank debit is under way; async_payment_succeeded/failed follow); expired →
 * expired; open → still waiting for the guest.
 */
export function sessionStatus(session: StripeSessionLike): ReportedPaymentStatus {
  if (session.status === 'complete') return session.payment_status === 'unpaid' ? 'authorized' : 'paid';
  if (session.status === 'expired') return 'expired';
  return 'open';
}

export function refundResult(refund: StripeRefundLike): RefundResult {
  const status =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : 'pending';
  const failureReason =
    status === 'failed'
      ? `The provider refused the refund${refund.failure_reason ? ` (${refund.failure_reason})` : ''}`
      : '';
  return { status, providerReference: refund.id, failureReason };
}

// A success carries what the session charged, so that it is applied only when that is what the attempt asks.
const SESSION_EVENTS: Record<string, (session: StripeSessionLike) => ProviderOutcome> = {
  'checkout.session.completed': (session) => ({
    kind: 'payment',
    status: sessionStatus(session),
    received: sessionReceived(session),
  }),
  'checkout.session.async_payment_succeeded': (session) => ({
    kind: 'payment',
    status: 'paid',
    received: sessionReceived(session),
  }),
  'checkout.session.async_payment_failed': () => ({
    kind: 'payment',
    status: 'failed',
    failureReason: ASYNC_PAYMENT_FAILED_REASON,
  }),
  'checkout.session.expired': () => ({ kind: 'payment', status: 'expired' }),
};
const REFUND_EVENTS = new Set(['refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated']);

/** A verified Stripe event as a provider event; types Kassa does not act on are "ignored" (still recorded once). */
export function stripeProviderEvent(event: StripeEventLike): ProviderEvent {
  const base = { provider: 'stripe', eventId: event.id, type: event.type };
  const sessionOutcome = SESSION_EVENTS[event.type];
  if (sessionOutcome) {
    const session = event.data.object as StripeSessionLike;
    return {
      ...base,
      paymentId: session.metadata?.payment_id || undefined,
      providerReference: session.id,
      providerPaymentId: paymentIntentOf(session),
      outcome: sessionOutcome(session),
    };
  }
  if (REFUND_EVENTS.has(event.type)) {
    const refund = event.data.object as StripeRefundLike;
    const result = refundResult(refund);
    return {
      ...base,
      refundId: refund.metadata?.refund_id || undefined,
      refundReference: refund.id,
      outcome: { kind: 'refund', status: result.status, failureReason: result.failureReason || undefined },
    };
  }
  return { ...base, outcome: { kind: 'ignored' } };
}

const MINUTE = 60_000;
/** Stripe wants a Checkout Session's expires_at 30 minutes to 24 hours ahead; a minute's margin covers the trip there. */
export const SESSION_MIN_MS = 31 * MINUTE;
export const SESSION_MAX_MS = 24 * 60 * MINUTE - MINUTE;

/** The session lives as long as the order's hold, but at least and at most as long as Stripe allows. */
export function sessionExpiry(now: Date, holdEnd: Date | null): Date {
  const wanted = holdEnd ? holdEnd.getTime() : now.getTime() + SESSION_MIN_MS;
  const clamped = Math.min(Math.max(wanted, now.getTime() + SESSION_MIN_MS), now.getTime() + SESSION_MAX_MS);
  // Whole seconds: Stripe's timestamps are seconds, and the retried request must carry the same value.
  return new Date(Math.floor(clamped / 1000) * 1000);
}
