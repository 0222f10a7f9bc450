import type { PaymentChange } from '../domain/payment-status';

/** payments publishes on kassa.payments.<entity>.<verb>, all in one stream it creates on start. */
export const PAYMENTS_STREAM = { name: 'KASSA_PAYMENTS', subjects: ['kassa.payments.>'] } as const;

export const paymentSubject = (change: PaymentChange): string => `kassa.payments.payment.${change}`;
export const PAYMENT_REFUNDED_SUBJECT = 'kassa.payments.payment.refunded';
export const REFUND_FAILED_SUBJECT = 'kassa.payments.refund.failed';

/** ordering's stream: payments reads it and never creates it (ordering does, on its start). */
export const ORDERING_STREAM = 'KASSA_ORDERING';
/** An order that ends unpaid closes its open attempts. */
export const ORDER_ENDED_SUBJECTS = ['kassa.ordering.order.expired', 'kassa.ordering.order.canceled'] as const;
export const REFUND_REQUESTED_SUBJECT = 'kassa.ordering.refund.requested';

/** Durable names (also inbox consumers and parking subjects). */
export const ORDER_ENDED_DURABLE = 'payments-order-ended';
export const REFUND_REQUESTED_DURABLE = 'payments-refund-requested';

/** `[<ns>.]kassa.ordering.<entity>.<verb>` → entity and verb; null for any other subject. */
export function parseOrderingSubject(subject: string): { entity: string; verb: string } | null {
  const match = /(?:^|\.)kassa\.ordering\.([a-z_]+)\.([a-z_]+)$/.exec(subject);
  return match ? { entity: match[1]!, verb: match[2]! } : null;
}
