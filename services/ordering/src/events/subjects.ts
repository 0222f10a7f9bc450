/** catalog's stream: ordering reads it and never creates it (catalog does, on its start). */
export const CATALOG_STREAM = 'KASSA_CATALOG';

/** The catalog subjects the sellable projection follows, one durable consumer each (NATS 2.9: one filter per consumer). */
export const CATALOG_PROJECTION_SUBJECTS = [
  'kassa.catalog.event.*',
  'kassa.catalog.ticket_option.*',
  'kassa.catalog.shop.*',
  'kassa.catalog.shop_item.*',
  'kassa.catalog.discount_code.*',
] as const;

/** Durable name (also the inbox consumer and the parking subject) of the projection's consumers. */
export const CATALOG_PROJECTION_DURABLE = 'ordering-catalog-projection';

/** `[<ns>.]kassa.catalog.<entity>.<verb>` → entity and verb; null for any other subject. */
export function parseCatalogSubject(subject: string): { entity: string; verb: string } | null {
  const match = /(?:^|\.)kassa\.catalog\.([a-z_]+)\.([a-z_]+)$/.exec(subject);
  return match ? { entity: match[1]!, verb: match[2]! } : null;
}

/** ordering's own stream: it creates it on start and is its only publisher (through the outbox relay). */
export const ORDERING_STREAM = { name: 'KASSA_ORDERING', subjects: ['kassa.ordering.>'] } as const;

/**
 * The verbs of kassa.ordering.order.<verb>; each OrderChanged repeats its verb in `change`. "payment_failed" leaves
 * the order's status as it was (the guest may pay again while the hold lasts); it is published so the guest hears.
 */
export type OrderChange = 'reserved' | 'pending' | 'payment_failed' | 'paid' | 'expired' | 'canceled' | 'refunded';
export const orderSubject = (change: OrderChange): string => `kassa.ordering.order.${change}`;
/** ordering asks payments to pay money back. */
export const REFUND_REQUESTED_SUBJECT = 'kassa.ordering.refund.requested';

/** payments' stream: ordering reads it and never creates it (payments does, on its start). */
export const PAYMENTS_STREAM = 'KASSA_PAYMENTS';
/** What the saga follows of payments; one durable consumer each (NATS 2.9: one filter per consumer). */
export const PAYMENT_SUBJECTS = {
  pending: 'kassa.payments.payment.pending',
  succeeded: 'kassa.payments.payment.succeeded',
  failed: 'kassa.payments.payment.failed',
  refunded: 'kassa.payments.payment.refunded',
  refundFailed: 'kassa.payments.refund.failed',
} as const;
/** Durable name (also the inbox consumer and the parking subject) of the saga's consumers. */
export const PAYMENTS_DURABLE = 'ordering-payments';

/** `[<ns>.]kassa.payments.<rest>` → the canonical subject; null for any other. */
export function canonicalPaymentSubject(subject: string): string | null {
  const canonical = canonicalSubject(subject);
  return canonical?.startsWith('kassa.payments.') ? canonical : null;
}

/** ticketing's stream: ordering reads it and never creates it (ticketing does, on its start). */
export const TICKETING_STREAM = 'KASSA_TICKETING';
/** What the dashboard follows of the entrance; one durable consumer each (NATS 2.9: one filter per consumer). */
export const TICKETING_ACTIVITY_SUBJECTS = {
  checkedIn: 'kassa.ticketing.ticket.checked_in',
  conflictRecorded: 'kassa.ticketing.scan.conflict_recorded',
} as const;
/** Durable name (also the inbox consumer and the parking subject) of the entrance's consumers. */
export const TICKETING_ACTIVITY_DURABLE = 'ordering-entrance';

/** notifications' stream: ordering reads it and never creates it (notifications does, on its start). */
export const NOTIFICATIONS_STREAM = 'KASSA_NOTIFICATIONS';
/** Every change of an e-mail's delivery status (EmailStatusChanged). */
export const EMAIL_STATUS_CHANGED_SUBJECT = 'kassa.notifications.email.status_changed';
/** Durable name of the e-mail deliveries' consumer. */
export const EMAIL_DELIVERIES_DURABLE = 'ordering-email-deliveries';

/** `[<ns>.]kassa.<service>.<entity>.<verb>` → the canonical subject; null for any other. */
export function canonicalSubject(subject: string): string | null {
  const match = /(?:^|\.)(kassa\.[a-z_]+\.[a-z_]+\.[a-z_]+)$/.exec(subject);
  return match ? match[1]! : null;
}
