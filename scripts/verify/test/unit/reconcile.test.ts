import {
  type AttemptRow,
  type DatabaseSnapshot,
  type OrderRow,
  type QuotaRow,
  reconcileSnapshot,
  type TicketCounts,
} from '../../reconcile';

const TOTAL = 2_549;

const order = (id: string, overrides: Partial<OrderRow> = {}): OrderRow => ({
  id,
  status: 'paid',
  totalMinor: TOTAL,
  refundedMinor: 0,
  ticketCount: 1,
  paidPaymentId: `pay_${id}`,
  outcome: '',
  ...overrides,
});
const attempt = (id: string, orderId: string, overrides: Partial<AttemptRow> = {}): AttemptRow => ({
  id,
  orderId,
  status: 'paid',
  amountMinor: TOTAL,
  refundedMinor: 0,
  refundsSucceededMinor: 0,
  ...overrides,
});
const tickets = (orderId: string, valid: number, rows = valid): TicketCounts => ({ orderId, rows, valid, reserved: 0 });
const quota = (overrides: Partial<QuotaRow> = {}): QuotaRow => ({
  id: 'tko_1',
  kind: 'ticket_option',
  orderingCapacity: 2,
  overdraft: 0,
  catalogCapacity: 2,
  sold: 1,
  reserved: 0,
  allocatedSold: 1,
  allocatedHeld: 0,
  validTickets: 1,
  ...overrides,
});

/** One paid order (ord_a, paid by pay_ord_a, its ticket issued and mailed) and one expired order without payment (ord_b). */
function consistent(): DatabaseSnapshot {
  return {
    orders: [order('ord_a'), order('ord_b', { status: 'expired', paidPaymentId: null })],
    attempts: [attempt('pay_ord_a', 'ord_a'), attempt('pay_b1', 'ord_b', { status: 'expired' })],
    tickets: [tickets('ord_a', 1), { orderId: 'ord_b', rows: 1, valid: 0, reserved: 0 }],
    quotas: [quota()],
    confirmations: new Map([['ord_a', 1]]),
    unpublishedOutbox: { ordering: 0, payments: 0 },
    parkedMessages: 0,
    unfinishedRefunds: 0,
    reReserved: 0,
    refundsByReason: {},
  };
}

const findings = (result: ReturnType<typeof reconcileSnapshot>) => ({
  ordersLost: result.ordersLost,
  paidWithoutTickets: result.paidWithoutTickets,
  duplicateTickets: result.duplicateTickets,
  duplicateCharges: result.duplicateCharges,
  duplicateEmails: result.duplicateEmails,
  missingConfirmations: result.missingConfirmations,
  unpublishedOutboxRows: result.unpublishedOutboxRows,
  oversold: result.oversold,
  quotaCountMismatch: result.quotaCountMismatch,
  ledgerMismatch: result.ledgerMismatch,
  successfulPaymentsNeitherPaidNorRefunded: result.successfulPaymentsNeitherPaidNorRefunded,
});
const NOTHING = {
  ordersLost: 0,
  paidWithoutTickets: 0,
  duplicateTickets: 0,
  duplicateCharges: 0,
  duplicateEmails: 0,
  missingConfirmations: 0,
  unpublishedOutboxRows: 0,
  oversold: 0,
  quotaCountMismatch: 0,
  ledgerMismatch: 0,
  successfulPaymentsNeitherPaidNorRefunded: 0,
};

describe('reconcileSnapshot', () => {
  it('finds nothing wrong in consistent books, and counts what happened', () => {
    const result = reconcileSnapshot(consistent(), {
      orders: { ord_a: { seen: { status: 'paid', totalMinor: TOTAL } }, ord_b: {} },
    });
    expect(findings(result)).toEqual(NOTHING);
    expect(result.counts).toMatchObject({
      orders: { paid: 1, expired: 1 },
      attempts: { paid: 1, expired: 1 },
      successfulPayments: 1,
      refundedPayments: 0,
    });
    expect(result.examples).toEqual({});
  });

  it('a second payment of a paid order: refunded in full is fine; kept, it is a double charge and money out of balance', () => {
    const refunded = consistent();
    refunded.attempts.push(attempt('pay_dup', 'ord_a', { refundedMinor: TOTAL, refundsSucceededMinor: TOTAL }));
    expect(findings(reconcileSnapshot(refunded))).toEqual(NOTHING);

    const kept = consistent();
    kept.attempts.push(attempt('pay_dup', 'ord_a'));
    expect(findings(reconcileSnapshot(kept))).toEqual({
      ...NOTHING,
      duplicateCharges: 1,
      successfulPaymentsNeitherPaidNorRefunded: 1,
      ledgerMismatch: 1,
    });
  });

  it('a late payment: refunded with the order expired balances; taken and kept without the order paid does not', () => {
    const refunded = consistent();
    refunded.orders[1] = order('ord_b', { status: 'expired', paidPaymentId: null, outcome: 'late_payment_refunded' });
    refunded.attempts[1] = attempt('pay_b1', 'ord_b', { refundedMinor: TOTAL, refundsSucceededMinor: TOTAL });
    const result = reconcileSnapshot(refunded);
    expect(findings(result)).toEqual(NOTHING);
    expect(result.counts.lateRefunded).toBe(1);

    const kept = consistent();
    kept.attempts[1] = attempt('pay_b1', 'ord_b');
    expect(findings(reconcileSnapshot(kept))).toEqual({
      ...NOTHING,
      successfulPaymentsNeitherPaidNorRefunded: 1,
      ledgerMismatch: 1,
    });
  });

  it('an organiser refund of part of a paid order balances when ordering and payments agree', () => {
    const partial = consistent();
    partial.orders[0] = order('ord_a', { refundedMinor: 1_000 });
    partial.attempts[0] = attempt('pay_ord_a', 'ord_a', { refundedMinor: 1_000, refundsSucceededMinor: 1_000 });
    expect(findings(reconcileSnapshot(partial))).toEqual(NOTHING);
    // payments gave back more than ordering knows of.
    partial.attempts[0] = attempt('pay_ord_a', 'ord_a', { refundedMinor: 1_500, refundsSucceededMinor: 1_500 });
    expect(findings(reconcileSnapshot(partial))).toEqual({ ...NOTHING, ledgerMismatch: 1 });
    // payments' refunded amount is not what its refunds add up to.
    partial.attempts[0] = attempt('pay_ord_a', 'ord_a', { refundedMinor: 1_000, refundsSucceededMinor: 0 });
    expect(findings(reconcileSnapshot(partial))).toEqual({ ...NOTHING, ledgerMismatch: 1 });
  });

  it('a paid order whose payment ordering never heard of as paid is out of balance', () => {
    const books = consistent();
    books.attempts[0] = attempt('pay_ord_a', 'ord_a', { status: 'failed' });
    expect(findings(reconcileSnapshot(books))).toEqual({ ...NOTHING, ledgerMismatch: 1 });
  });

  it('lost orders: told to the client but missing, paid at payments but missing, or never finished', () => {
    const books = consistent();
    books.attempts.push(attempt('pay_x', 'ord_missing'));
    books.orders.push(order('ord_held', { status: 'reserved', paidPaymentId: null }));
    const ledger = { orders: { ord_a: {}, ord_gone: {} } };
    expect(reconcileSnapshot(books, ledger).ordersLost).toBe(3);
    // While a run is still going, a held order is not lost.
    expect(reconcileSnapshot(books, ledger, { requireFinal: false }).ordersLost).toBe(2);
  });

  it("the client's last sighting must match ordering's status and total", () => {
    const result = reconcileSnapshot(consistent(), {
      orders: {
        ord_a: { seen: { status: 'reserved', totalMinor: TOTAL } },
        ord_b: { seen: { status: 'expired', totalMinor: 1 } },
      },
    });
    expect(result.clientMismatch).toBe(2);
    expect(result.ledgerMismatch).toBe(2);
  });

  it('tickets: a paid order short of tickets, more rows than bought, valid tickets of an unpaid order', () => {
    const short = consistent();
    short.orders[0] = order('ord_a', { ticketCount: 2 });
    short.tickets[0] = tickets('ord_a', 1);
    expect(findings(reconcileSnapshot(short))).toEqual({ ...NOTHING, paidWithoutTickets: 1 });

    const extra = consistent();
    extra.tickets[0] = tickets('ord_a', 1, 3);
    expect(findings(reconcileSnapshot(extra))).toEqual({ ...NOTHING, duplicateTickets: 2 });

    const unpaid = consistent();
    unpaid.tickets[1] = tickets('ord_b', 1);
    expect(findings(reconcileSnapshot(unpaid))).toEqual({ ...NOTHING, duplicateTickets: 1 });
  });

  it('confirmations: one per paid order', () => {
    const twice = consistent();
    twice.confirmations.set('ord_a', 3);
    expect(findings(reconcileSnapshot(twice))).toEqual({ ...NOTHING, duplicateEmails: 2 });
    const none = consistent();
    none.confirmations.clear();
    expect(findings(reconcileSnapshot(none))).toEqual({ ...NOTHING, missingConfirmations: 1 });
  });

  it('oversold: by ordering (held over capacity beyond the overdraft) and by ticketing (valid tickets over catalog capacity)', () => {
    const byOrdering = consistent();
    byOrdering.quotas = [quota({ sold: 2, reserved: 1, allocatedSold: 2, allocatedHeld: 1 })];
    const ordering = reconcileSnapshot(byOrdering);
    expect(ordering).toMatchObject({ oversold: 1, oversoldByOrdering: 1, oversoldByTicketing: 0 });

    // Counted from the orders' allocations, not the quota's counters (which the CHECK keeps within the capacity): the
    // counters at the capacity, the orders holding one more, is an oversell.
    byOrdering.quotas = [quota({ sold: 2, reserved: 0, allocatedSold: 2, allocatedHeld: 1 })];
    expect(reconcileSnapshot(byOrdering)).toMatchObject({ oversold: 1, oversoldByOrdering: 1, quotaCountMismatch: 1 });

    // A capacity lowered below what was sold (overdraft 1) is not an oversell.
    byOrdering.quotas = [
      quota({ orderingCapacity: 1, catalogCapacity: 1, overdraft: 1, sold: 2, allocatedSold: 2, validTickets: 2 }),
    ];
    expect(reconcileSnapshot(byOrdering).oversold).toBe(0);

    const byTicketing = consistent();
    byTicketing.quotas = [quota({ validTickets: 4 })];
    expect(reconcileSnapshot(byTicketing)).toMatchObject({
      oversold: 2,
      oversoldByOrdering: 0,
      oversoldByTicketing: 2,
    });

    // Unlimited quotas are never oversold.
    byTicketing.quotas = [
      quota({ orderingCapacity: null, catalogCapacity: null, sold: 100, allocatedSold: 100, validTickets: 100 }),
    ];
    expect(reconcileSnapshot(byTicketing).oversold).toBe(0);
  });

  it('quota counts must equal what the orders hold', () => {
    const leaked = consistent();
    leaked.quotas = [quota({ reserved: 1 })];
    expect(findings(reconcileSnapshot(leaked))).toEqual({ ...NOTHING, quotaCountMismatch: 1 });
  });

  it('adds up unpublished outbox rows over the databases', () => {
    const books = consistent();
    books.unpublishedOutbox = { ordering: 2, payments: 1, ticketing: 0 };
    expect(reconcileSnapshot(books).unpublishedOutboxRows).toBe(3);
  });
});
