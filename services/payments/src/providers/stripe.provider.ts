import Stripe from 'stripe';
import { UnauthenticatedError } from '@kassa/platform/errors';
import type { PaymentProvider, ProviderState, RefundResult } from './payment-provider';
import {
  type StripeSessionLike,
  paymentIntentOf,
  refundResult,
  sessionExpiry,
  sessionReceived,
  sessionStatus,
  stripeProviderEvent,
} from './stripe-events';
import { accessKeyQuery } from '@kassa/platform/ids';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Only for a local stand-in of Stripe's API (tests); Stripe's own host otherwise. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

const stateOf = (session: StripeSessionLike): ProviderState => ({
  status: sessionStatus(session),
  providerPaymentId: paymentIntentOf(session),
  received: sessionReceived(session),
});

/** Stripe's "this cannot be done in the object's state" (e.g. expiring a session that is complete): not a failure to retry. */
const isInvalidRequest = (error: unknown): boolean =>
  (error as { type?: string } | null)?.type === 'StripeInvalidRequestError';

/** The page of the order in the guest's language (English has no prefix), with the guest's key to it. */
const orderPage = (origin: string, locale: string, orderId: string, accessKey: string) =>
  `${origin}${locale === 'nl' ? '/nl' : ''}/order/${orderId}?${accessKeyQuery(accessKey)}`;

/**
 * Stripe through its real SDK: one Checkout Session per attempt, created with the attempt id as idempotency key
 * (stored before the call), so a retry after a crash or a timeout gets the same session back.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    // Retries reuse the idempotency key, so they are safe; the SDK adds keys to retried POSTs without one.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Kassa' },
  });

  return {
    name: 'stripe',
    testMode: /^(sk|rk)_test_/.test(options.secretKey),
    expiryFor: (now, holdEnd) => sessionExpiry(now, holdEnd),

    async createAttempt(request) {
      const metadata = { payment_id: request.paymentId, order_id: request.orderId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountMinor,
                product_data: { name: `Order ${request.orderNumber}` },
              },
            },
          ],
          customer_email: request.email || undefined,
          locale: request.locale === 'nl' ? 'nl' : 'en',
          client_reference_id: request.orderId,
          metadata,
          payment_intent_data: { metadata },
          success_url: orderPage(request.returnOrigin, request.locale, request.orderId, request.orderAccessKey),
          cancel_url: `${orderPage(request.returnOrigin, request.locale, request.orderId, request.orderAccessKey)}&payment=canceled`,
          expires_at: request.providerExpiresAt ? Math.floor(request.providerExpiresAt.getTime() / 1000) : undefined,
        },
        { idempotencyKey: request.paymentId },
      );
      return { providerReference: session.id, redirectUrl: session.url ?? '' };
    },

    async lookUp(attempt) {
      return stateOf(await stripe.checkout.sessions.retrieve(attempt.providerReference));
    },

    async cancel(attempt) {
      try {
        return stateOf(await stripe.checkout.sessions.expire(attempt.providerReference));
      } catch (error) {
        // Only an open session can be expired: one that is complete or expired already says what it is.
        if (!isInvalidRequest(error)) throw error;
        return stateOf(await stripe.checkout.sessions.retrieve(attempt.providerReference));
      }
    },

    async refund(request): Promise<RefundResult> {
      const paymentIntent =
        request.providerPaymentId ??
        paymentIntentOf(await stripe.checkout.sessions.retrieve(request.providerReference));
      if (!paymentIntent)
        return {
          status: 'failed',
          providerReference: '',
          failureReason: 'The provider has no payment for this attempt',
        };
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: request.amountMinor,
            metadata: { refund_id: request.refundId, payment_id: request.paymentId },
          },
          { idempotencyKey: request.refundId },
        );
        return refundResult(refund);
      } catch (error) {
        // A refusal (already refunded, amount too high) is an answer; anything else leaves the outcome unknown: retry.
        if (!isInvalidRequest(error)) throw error;
        return {
          status: 'failed',
          providerReference: '',
          failureReason: `The provider refused the refund: ${(error as Error).message}`,
        };
      }
    },

    async lookUpRefund(refund) {
      return refundResult(await stripe.refunds.retrieve(refund.providerReference));
    },

    parseWebhook(payload, signature) {
      let event: Stripe.Event;
      try {
        // On the raw bytes: a re-serialised body would not match the signature.
        event = stripe.webhooks.constructEvent(payload, signature, options.webhookSecret);
      } catch {
        throw new UnauthenticatedError('The webhook signature does not verify');
      }
      return stripeProviderEvent(event);
    },
  };
}
