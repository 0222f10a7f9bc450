import {
  canonicalPaymentSubject,
  canonicalSubject,
  ORDERING_STREAM,
  orderSubject,
  parseCatalogSubject,
  PAYMENT_SUBJECTS,
  REFUND_REQUESTED_SUBJECT,
} from '../../src/events/subjects';

describe('parseCatalogSubject', () => {
  it('reads entity and verb, with or without a namespace', () => {
    expect(parseCatalogSubject('kassa.catalog.shop_item.created')).toEqual({ entity: 'shop_item', verb: 'created' });
    expect(parseCatalogSubject('it1234.kassa.catalog.event.converted_to_draft')).toEqual({
      entity: 'event',
      verb: 'converted_to_draft',
    });
    expect(parseCatalogSubject('kassa.identity.user.created')).toBeNull();
  });
});

describe("ordering's and payments' subjects", () => {
  it('publishes orders on kassa.ordering.order.<verb> and refund requests on kassa.ordering.refund.requested', () => {
    expect(orderSubject('paid')).toBe('kassa.ordering.order.paid');
    expect(REFUND_REQUESTED_SUBJECT).toBe('kassa.ordering.refund.requested');
    expect(ORDERING_STREAM).toEqual({ name: 'KASSA_ORDERING', subjects: ['kassa.ordering.>'] });
  });
  it("follows payments' five saga subjects, recognised with or without a namespace", () => {
    expect(Object.values(PAYMENT_SUBJECTS)).toEqual([
      'kassa.payments.payment.pending',
      'kassa.payments.payment.succeeded',
      'kassa.payments.payment.failed',
      'kassa.payments.payment.refunded',
      'kassa.payments.refund.failed',
    ]);
    expect(canonicalPaymentSubject('it12ab.kassa.payments.payment.succeeded')).toBe('kassa.payments.payment.succeeded');
    expect(canonicalPaymentSubject('kassa.payments.refund.failed')).toBe('kassa.payments.refund.failed');
    expect(canonicalPaymentSubject('kassa.catalog.shop.created')).toBeNull();
    expect(canonicalSubject('it12ab.kassa.ticketing.scan.conflict_recorded')).toBe(
      'kassa.ticketing.scan.conflict_recorded',
    );
    expect(canonicalSubject('kassa.notifications.email')).toBeNull();
  });
});
