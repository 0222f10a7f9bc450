import { PAYMENT_STATUSES } from '../../src/domain/payment-status';
import { outcomeOfStatus } from '../../src/metrics';

describe('outcomeOfStatus', () => {
  it('counts paid as succeeded and failed as failed, every other status as no outcome', () => {
    expect(Object.fromEntries(PAYMENT_STATUSES.map((status) => [status, outcomeOfStatus(status)]))).toEqual({
      created: null,
      pending: null,
      authorized: null,
      paid: 'succeeded',
      failed: 'failed',
      canceled: null,
      expired: null,
    });
  });
});
