import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@kassa/platform/outbox';
import { RefundRequested } from '@kassa/proto/ordering/events/v1/events';
import type { RefundRow } from '../persistence/order.entity';
import { REFUND_REQUESTED_SUBJECT } from './subjects';

/** Asks payments to pay `refund` back, in the caller's transaction; payments carries it out once per refund id. */
export function publishRefundRequested(em: EntityManager, refund: RefundRow): void {
  addToOutbox(em, {
    subject: REFUND_REQUESTED_SUBJECT,
    type: RefundRequested,
    message: {
      refundId: refund.id,
      orderId: refund.orderId,
      organisationId: refund.organisationId,
      paymentId: refund.paymentId,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      reason: refund.reason,
      actorUserId: refund.requestedBy ?? '',
      occurredAt: refund.requestedAt,
    },
    key: refund.orderId,
  });
}
