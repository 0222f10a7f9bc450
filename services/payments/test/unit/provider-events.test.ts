import { DEMO_FAILURE_REASON, demoEvent, targetStatus } from '../../src/domain/provider-event';
import {
  ASYNC_PAYMENT_FAILED_REASON,
  SESSION_MAX_MS,
  SESSION_MIN_MS,
  refundResult,
  sessionExpiry,
  sessionReceived,
  sessionStatus,
  stripeProviderEvent,
} from '../../src/providers/stripe-events';

const session = (fields: Record<string, unknown> = {}) => ({
  id: 'cs_test_1',
  status: 'complete',
  payment_status: 'paid',
  payment_intent: 'pi_1',
  amount_total: 4_250,
  currency: 'eur',
  metadata: { payment_id: 'pay_1', order_id: 'ord_1' },
  ...fields,
});
const event = (type: string, object: unknown) => ({ id: 'evt_1', type, data: { object } });

describe('demo page choices as provider events', () => {
  it('gives each choice a fixed event id per attempt and its outcome', () => {
    expect(demoEvent('pay_x', 'pay')).toMatchObject({
      provider: 'demo',
      eventId: 'demo_pay_x_pay',
      paymentId: 'pay_x',
      outcome: { kind: 'payment', status: 'paid' },
    });
    expect(demoEvent('pay_x', 'fail').outcome).toEqual({
      kind: 'payment',
      status: 'failed',
      failureReason: DEMO_FAILURE_REASON,
    });
    expect(targetStatus(demoEvent('pay_x', 'abandon').outcome)).toBeNull();
  });

  it("reports the attempt's own amount as received when the guest pays", () => {
    expect(demoEvent('pay_x', 'pay', { amountMinor: 1_500, currency: 'EUR' }).outcome).toEqual({
      kind: 'payment',
      status: 'paid',
      received: { amountMinor: 1_500, currency: 'EUR' },
    });
  });
});

describe('Stripe events', () => {
  it.each([
    ['checkout.session.completed', session(), 'paid'],
    ['checkout.session.completed', session({ payment_status: 'no_payment_required' }), 'paid'],
    ['checkout.session.completed', session({ payment_status: 'unpaid' }), 'authorized'],
    ['checkout.session.async_payment_succeeded', session(), 'paid'],
    ['checkout.session.async_payment_failed', session({ payment_status: 'unpaid' }), 'failed'],
    [
      'checkout.session.expired',
      session({ status: 'expired', payment_status: 'unpaid', payment_intent: null }),
      'expired',
    ],
  ])('%s (%o) → %s', (type, object, status) => {
    const mapped = stripeProviderEvent(event(type, object));
    expect(mapped).toMatchObject({
      provider: 'stripe',
      eventId: 'evt_1',
      type,
      paymentId: 'pay_1',
      providerReference: 'cs_test_1',
      outcome: { kind: 'payment', status },
    });
  });

  it('reports what a paid session charged (amount_total and currency), and nothing when the session does not say', () => {
    for (const type of ['checkout.session.completed', 'checkout.session.async_payment_succeeded']) {
      expect(stripeProviderEvent(event(type, session())).outcome).toEqual({
        kind: 'payment',
        status: 'paid',
        received: { amountMinor: 4_250, currency: 'eur' },
      });
      expect(stripeProviderEvent(event(type, session({ amount_total: null }))).outcome).toEqual({
        kind: 'payment',
        status: 'paid',
        received: undefined,
      });
    }
    expect(sessionReceived(session({ currency: null }))).toBeUndefined();
  });

  it('keeps the payment intent for refunds and explains an asynchronous failure', () => {
    expect(
      stripeProviderEvent(event('checkout.session.completed', session({ payment_intent: { id: 'pi_9' } })))
        .providerPaymentId,
    ).toBe('pi_9');
    expect(stripeProviderEvent(event('checkout.session.async_payment_failed', session())).outcome).toEqual({
      kind: 'payment',
      status: 'failed',
      failureReason: ASYNC_PAYMENT_FAILED_REASON,
    });
  });

  it('reads refunds by their metadata and ignores what Kassa does not act on', () => {
    const refund = {
      id: 're_1',
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
      metadata: { refund_id: 'ref_1' },
    };
    expect(stripeProviderEvent(event('refund.updated', refund))).toMatchObject({
      refundId: 'ref_1',
      refundReference: 're_1',
      outcome: { kind: 'refund', status: 'failed' },
    });
    expect(refundResult({ id: 're_2', status: 'pending' })).toEqual({
      status: 'pending',
      providerReference: 're_2',
      failureReason: '',
    });
    expect(refundResult({ id: 're_3', status: 'succeeded' }).status).toBe('succeeded');
    expect(stripeProviderEvent(event('customer.created', { id: 'cus_1' })).outcome).toEqual({ kind: 'ignored' });
  });

  it('maps a session looked up: open stays open', () => {
    expect(sessionStatus(session({ status: 'open', payment_status: 'unpaid' }))).toBe('open');
  });
});

describe('the Checkout Session expiry', () => {
  const now = new Date('2026-12-01T12:00:00.250Z');
  it('follows the hold, but lives at least the 30 minutes and at most the 24 hours Stripe allows, in whole seconds', () => {
    expect(sessionExpiry(now, new Date(now.getTime() + 15 * 60_000)).getTime()).toBe(
      Math.floor((now.getTime() + SESSION_MIN_MS) / 1000) * 1000,
    );
    const hour = new Date(now.getTime() + 60 * 60_000);
    expect(sessionExpiry(now, hour).getTime()).toBe(Math.floor(hour.getTime() / 1000) * 1000);
    expect(sessionExpiry(now, new Date(now.getTime() + 48 * 3600_000)).getTime()).toBe(
      Math.floor((now.getTime() + SESSION_MAX_MS) / 1000) * 1000,
    );
    expect(sessionExpiry(now, null).getTime() % 1000).toBe(0);
  });
});
