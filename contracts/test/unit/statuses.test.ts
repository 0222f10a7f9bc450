import {
  ATTENDEE_STATUSES,
  EMAIL_DELIVERY_STATUSES,
  EMAIL_STATUSES,
  EVENT_LIST_STATUSES,
  EVENT_STATUSES,
  isAttendeeStatus,
  isEmailStatus,
  isOrderStatus,
  isRefundReason,
  ORDER_LIST_STATUSES,
  ORDER_STATUSES,
  SHOP_LIST_STATUSES,
  SHOP_STATUSES,
  TICKET_STATUSES,
} from '@kassa/contracts/statuses';

describe('status vocabularies', () => {
  it("list the spec's e-mail delivery statuses word for word, in its order, and 'created' before them", () => {
    expect(EMAIL_DELIVERY_STATUSES.join(', ')).toBe(
      'bounce, complaint, delivery, send, reject, opened, click, renderingFailure, deliveryDelay, subscription, notSent',
    );
    expect(EMAIL_STATUSES).toEqual(['created', ...EMAIL_DELIVERY_STATUSES]);
  });

  it.each([
    ['event', EVENT_LIST_STATUSES, EVENT_STATUSES],
    ['shop', SHOP_LIST_STATUSES, SHOP_STATUSES],
    ['order', ORDER_LIST_STATUSES, ORDER_STATUSES],
    ['attendee', ATTENDEE_STATUSES, TICKET_STATUSES],
  ] as const)('filter the %s list on some of its statuses, without repeats', (_name, filter, all) => {
    expect(new Set(all).size).toBe(all.length);
    expect(filter.every((status) => (all as readonly string[]).includes(status))).toBe(true);
  });

  it('know their own words only, exactly', () => {
    expect(isOrderStatus('paid')).toBe(true);
    expect(isOrderStatus('Paid')).toBe(false);
    expect(isOrderStatus(3)).toBe(false);
    expect(isAttendeeStatus('reserved')).toBe(false);
    expect(isEmailStatus('created')).toBe(true);
    expect(isEmailStatus('opened ')).toBe(false);
    expect(isRefundReason('late_payment')).toBe(true);
    expect(isRefundReason('refund')).toBe(false);
  });
});
