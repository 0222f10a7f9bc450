import { IDEMPOTENCY_KEY_PATTERN, newIdempotencyKey } from '@kassa/contracts/idempotency-key';
import {
  createSubmitGate,
  EXPIRED_POLL_WINDOW_MS,
  formatCountdown,
  MAX_POLL_DELAY_MS,
  orderPhase,
  pollDelayMs,
  secondsLeft,
  shouldPoll,
  submitOutcome,
  toPaymentReturn,
} from '../../src/lib/checkout';

describe('idempotency keys', () => {
  it('are 32 hex digits, fit what ordering and payments accept, and differ each time', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    }
  });
});

describe('the submit gate (one checkout or payment attempt at a time)', () => {
  let counter = 0;
  const gate = () => createSubmitGate(() => `key-${(counter += 1)}-padding`);

  it('ignores a second submit while the first runs (a double click)', () => {
    const g = gate();
    const first = g.begin('cart');
    expect(first).not.toBeNull();
    expect(g.busy).toBe(true);
    expect(g.begin('cart')).toBeNull();
    g.finish('definitive');
    expect(g.busy).toBe(false);
  });

  it('sends the same key again after a lost answer, so the retry finds what the first try made', () => {
    const g = gate();
    const first = g.begin('cart');
    g.finish(submitOutcome(0));
    expect(g.begin('cart')).toBe(first);
    g.finish(submitOutcome(503));
    expect(g.begin('cart')).toBe(first);
  });

  it('makes a new key after a definitive answer, and for a different cart', () => {
    const g = gate();
    const first = g.begin('cart');
    g.finish(submitOutcome(400));
    const second = g.begin('cart');
    expect(second).not.toBe(first);
    g.finish('unsure');
    expect(g.begin('another cart')).not.toBe(second);
  });

  it('calls 0 and 5xx unsure, everything else definitive', () => {
    expect([0, 500, 502, 503].map(submitOutcome)).toEqual(['unsure', 'unsure', 'unsure', 'unsure']);
    expect([200, 201, 400, 403, 404, 409, 413, 429].map(submitOutcome)).toEqual(Array(8).fill('definitive'));
  });
});

describe('what the order page shows', () => {
  it('follows the status first, then how the order ended, then what the provider said', () => {
    expect(orderPhase({ status: 'paid', outcome: '' }, 'canceled')).toBe('paid');
    expect(orderPhase({ status: 'reserved', outcome: '' })).toBe('waiting');
    expect(orderPhase({ status: 'pending', outcome: '' }, 'error')).toBe('waiting');
    expect(orderPhase({ status: 'pending', outcome: '' }, 'canceled')).toBe('failed');
    expect(orderPhase({ status: 'reserved', outcome: '' }, 'failed')).toBe('failed');
    expect(orderPhase({ status: 'expired', outcome: 'expired' }, 'canceled')).toBe('expired');
    expect(orderPhase({ status: 'expired', outcome: 'late_payment_refunded' })).toBe('latePaymentRefunded');
    expect(orderPhase({ status: 'canceled', outcome: 'refunded' })).toBe('refunded');
    expect(orderPhase({ status: 'canceled', outcome: 'canceled' })).toBe('canceled');
  });

  it('reads ?payment= strictly', () => {
    expect(toPaymentReturn('canceled')).toBe('canceled');
    expect(toPaymentReturn(['failed', 'x'])).toBe('failed');
    expect(toPaymentReturn('<script>')).toBe('');
    expect(toPaymentReturn(undefined)).toBe('');
  });

  it('keeps following a held order, an expired one for a while, and stops once it is final', () => {
    expect(shouldPoll({ status: 'reserved', outcome: '' }, 3_600_000)).toBe(true);
    expect(shouldPoll({ status: 'pending', outcome: '' }, 0)).toBe(true);
    expect(shouldPoll({ status: 'expired', outcome: 'expired' }, EXPIRED_POLL_WINDOW_MS - 1)).toBe(true);
    expect(shouldPoll({ status: 'expired', outcome: 'expired' }, EXPIRED_POLL_WINDOW_MS)).toBe(false);
    expect(shouldPoll({ status: 'expired', outcome: 'late_payment_refunded' }, 0)).toBe(false);
    expect(shouldPoll({ status: 'paid', outcome: '' }, 0)).toBe(false);
    expect(shouldPoll({ status: 'canceled', outcome: 'refunded' }, 0)).toBe(false);
  });

  it('waits 1 s, then longer each time, never more than 10 s', () => {
    const delays = Array.from({ length: 12 }, (_, attempt) => pollDelayMs(attempt));
    expect(delays[0]).toBe(1_000);
    expect(delays[1]).toBe(1_500);
    for (let i = 1; i < delays.length; i += 1) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(Math.max(...delays)).toBe(MAX_POLL_DELAY_MS);
  });

  it('counts the hold down in whole seconds', () => {
    const now = Date.parse('2031-07-01T10:00:00.000Z');
    expect(secondsLeft('2031-07-01T10:14:59.500Z', now)).toBe(900);
    expect(secondsLeft('2031-07-01T09:59:00.000Z', now)).toBe(0);
    expect(secondsLeft('', now)).toBeNull();
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(3754)).toBe('1:02:34');
  });
});
