import type { Money } from '@kassa/platform/money';
import type { PaymentStatus } from './payment-status';

/**
 * What a provider reported, in the provider's neutral terms: a webhook, the demo page's choice, a lookup by the
 * reconciliation job or the answer to a cancel. Every source goes through the same "apply once" path
 * (application/apply-provider-event.ts), keyed by (provider, eventId).
 */
export type ProviderOutcome =
  /**
   * The attempt's state at the provider. `received` is what the provider says it took (Stripe: the session's
   * amount_total and currency); a "paid" is applied only when it equals the attempt's amount (domain/received-amount.ts).
   */
  | { kind: 'payment'; status: ReportedPaymentStatus; failureReason?: string; received?: Money }
  /** A refund's final or intermediate state. */
  | { kind: 'refund'; status: 'pending' | 'succeeded' | 'failed'; failureReason?: string }
  /** An event Kassa does not act on (recorded, so a replay is still answered as one). */
  | { kind: 'ignored' };

/** "open" = still waiting for the guest: nothing to apply. */
export type ReportedPaymentStatus = Exclude<PaymentStatus, 'created'> | 'open';

export interface ProviderEvent {
  /** "stripe" or "demo". */
  provider: string;
  /** The provider's event id (Stripe "evt_…"), or a synthetic one for the demo page and lookups. */
  eventId: string;
  /** The provider's event type, kept with the receipt. */
  type: string;
  /** Our attempt id when the provider echoes it (Stripe metadata.payment_id). */
  paymentId?: string;
  /** The provider's object of the attempt (Stripe Checkout Session "cs_…"). */
  providerReference?: string;
  /** The provider's payment object (Stripe PaymentIntent "pi_…"), needed later for refunds. */
  providerPaymentId?: string;
  /** For refund events: our refund id (metadata.refund_id) and the provider's refund ("re_…"). */
  refundId?: string;
  refundReference?: string;
  outcome: ProviderOutcome;
}

/** The status an attempt should move to for this outcome; null when it asks for no payment transition. */
export function targetStatus(outcome: ProviderOutcome): PaymentStatus | null {
  if (outcome.kind !== 'payment' || outcome.status === 'open') return null;
  return outcome.status;
}

/** The guest's choices on the demo provider's test-mode page. */
export const DEMO_ACTIONS = ['pay', 'fail', 'abandon'] as const;
export type DemoAction = (typeof DEMO_ACTIONS)[number];
export const isDemoAction = (value: string): value is DemoAction => (DEMO_ACTIONS as readonly string[]).includes(value);

export const DEMO_FAILURE_REASON = 'The payment was declined on the demo provider (test mode)';

/**
 * The demo page's choice as a provider event. The id is fixed per attempt and action, so a repeated click is a
 * replay; "abandon" moves nothing (the guest left: the order's hold ends the attempt later). "pay" reports `amount`
 * as received: the demo page charges what the attempt shows (and moves no money).
 */
export function demoEvent(paymentId: string, action: DemoAction, amount?: Money): ProviderEvent {
  const outcome: ProviderOutcome =
    action === 'pay'
      ? { kind: 'payment', status: 'paid', received: amount }
      : action === 'fail'
        ? { kind: 'payment', status: 'failed', failureReason: DEMO_FAILURE_REASON }
        : { kind: 'payment', status: 'open' };
  return { provider: 'demo', eventId: `demo_${paymentId}_${action}`, type: `demo.${action}`, paymentId, outcome };
}
