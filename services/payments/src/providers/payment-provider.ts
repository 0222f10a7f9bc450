import type { Money } from '@kassa/platform/money';
import type { ProviderEvent, ReportedPaymentStatus } from '../domain/provider-event';

/** The providers Kassa takes payments with (PAYMENT_PROVIDER); the Platform-only plan's are in @kassa/contracts. */
export const PAYMENT_PROVIDER_NAMES = ['demo', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

/** What a provider is asked to make for a new attempt. Kept with the attempt, so a retry asks the very same. */
export interface AttemptRequest {
  paymentId: string;
  orderId: string;
  orderNumber: string;
  amountMinor: number;
  currency: string;
  email: string;
  locale: string;
  returnOrigin: string;
  /** The guest's key to the order, for the return links to the order page. */
  orderAccessKey: string;
  /** When the provider object should expire by itself (from expiryFor at creation). */
  providerExpiresAt: Date | null;
}

export interface CreatedAttempt {
  /** The provider's object ("cs_…"). */
  providerReference: string;
  /** Where to send the guest. */
  redirectUrl: string;
}

/** An attempt the provider knows. */
export interface AttemptReference {
  paymentId: string;
  providerReference: string;
}

/** The attempt's state at the provider, from a lookup or a cancel. */
export interface ProviderState {
  status: ReportedPaymentStatus;
  providerPaymentId?: string;
  failureReason?: string;
  /** What the provider took, when it says (checked against the attempt before a "paid" is applied). */
  received?: Money;
}

export interface RefundRequest {
  /** "ref_…": the provider's idempotency key. */
  refundId: string;
  paymentId: string;
  providerReference: string;
  providerPaymentId: string | null;
  amountMinor: number;
  currency: string;
}

export interface RefundResult {
  status: 'pending' | 'succeeded' | 'failed';
  /** The provider's refund ("re_…"); empty when it has none. */
  providerReference: string;
  failureReason: string;
}

/**
 * The port every payment provider implements (adapters: demo.provider.ts, stripe.provider.ts). Every call that
 * creates something at the provider carries an idempotency key Kassa stored before the call, so retrying after a
 * crash or a timeout never makes a second object.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** No real money moves (the demo provider; Stripe with test keys). */
  readonly testMode: boolean;
  /** When the attempt's provider object must expire, given the order's hold; null when the provider has no expiry. */
  expiryFor(now: Date, holdEnd: Date | null): Date | null;
  /** Creates the attempt's provider object; the attempt id is the idempotency key. */
  createAttempt(request: AttemptRequest): Promise<CreatedAttempt>;
  /** Reconciliation: what the provider says about the attempt now. */
  lookUp(attempt: AttemptReference): Promise<ProviderState>;
  /** Closes the attempt so nobody can pay it any more; answers what it is afterwards (paid if the guest was faster). */
  cancel(attempt: AttemptReference): Promise<ProviderState>;
  /** Pays money back; the refund id is the idempotency key. Throws only when the outcome is unknown (retry). */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** A pending refund's state now. */
  lookUpRefund(refund: { refundId: string; providerReference: string }): Promise<RefundResult>;
  /** Verifies a webhook on its raw bytes (UnauthenticatedError when forged) and reads it. */
  parseWebhook(payload: Buffer, signature: string): ProviderEvent;
}
