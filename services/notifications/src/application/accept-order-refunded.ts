import type { EntityManager } from '@mikro-orm/postgresql';
import { Violations } from '@kassa/platform/errors';
import type { OrderChanged } from '@kassa/proto/ordering/events/v1/events';
import { refundDedupeKey, refundNoticeKind } from '../domain/order-refund-notice';
import type { OrderRefundedPayload } from '../templates/render-email';
import type { AcceptedMessage } from './accept-sign-in-code-request';
import { checkOrderRecipient } from './order-recipient';
import { recordOrderEmailOnce } from './record-sealed-email';

export interface AcceptOrderRefundedDeps {
  sealingKey: Buffer;
  now?: () => Date;
}

/**
 * ordering's "order.refunded" → one e-mail to the guest about that refund, in the order's language, recorded in status
 * 'created' inside the consumer's transaction (with its inbox row) and about the order ('ord_…').
 *
 * Once per refund id: the inbox drops a redelivered event, and the message's dedupe key drops the same refund arriving
 * as another event. Two such events handled at once both find no message; the unique index makes the second
 * transaction fail, and its redelivery then finds the first message.
 */
export async function acceptOrderRefunded(
  em: EntityManager,
  event: OrderChanged,
  deps: AcceptOrderRefundedDeps,
): Promise<AcceptedMessage> {
  const { order, refund } = event;
  const v = new Violations();
  const recipient = checkOrderRecipient(v, order);
  const { orderId, number, currency } = recipient;
  const refundId = v.id('refund.id', refund?.id, 'ref');
  const amountMinor = v.int('refund.amountMinor', refund?.amountMinor, { label: 'Refund amount', min: 1 });
  v.throwIfAny();
  if (refund!.status !== '' && refund!.status !== 'succeeded')
    return { created: false, skipped: `refund status ${refund!.status}` };
  const kind = refundNoticeKind(refund!.reason, refund!.cancelsOrder);
  // A reason without words of ours: better no mail than a wrong one; the order page still tells the guest.
  if (!kind) return { created: false, skipped: `no e-mail for refund reason "${refund!.reason}"` };

  const dedupeKey = refundDedupeKey(refundId);
  const payload: OrderRefundedPayload = {
    kind,
    orderId,
    orderAccessKey: event.guestAccessKey,
    orderNumber: number,
    amountMinor,
    currency,
  };
  return recordOrderEmailOnce(
    em,
    { ...recipient, locale: order!.locale },
    { template: 'order-refunded', dedupeKey, payload },
    deps,
  );
}
