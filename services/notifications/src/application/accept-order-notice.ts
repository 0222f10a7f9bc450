import type { EntityManager } from '@mikro-orm/postgresql';
import { Violations } from '@kassa/platform/errors';
import type { OrderChanged } from '@kassa/proto/ordering/events/v1/events';
import { orderNoticeDedupeKey, orderNoticeKind } from '../domain/order-notice';
import type { OrderNoticePayload } from '../templates/render-email';
import type { AcceptedMessage } from './accept-sign-in-code-request';
import { checkOrderRecipient } from './order-recipient';
import { recordOrderEmailOnce } from './record-sealed-email';

export interface AcceptOrderNoticeDeps {
  sealingKey: Buffer;
  now?: () => Date;
}

/**
 * ordering's "order.payment_failed", "order.expired" and "order.canceled" → one e-mail to the guest when the change
 * calls for one (domain/order-notice.ts), in the order's language, recorded in status 'created' inside the
 * consumer's transaction (with its inbox row) and about the order ('ord_…'), so the organiser's order page lists it.
 *
 * Once per order change (a failed payment once per order): the inbox drops a redelivered event, and the dedupe key
 * (domain/order-notice.ts) drops the same change arriving as another event.
 */
export async function acceptOrderNotice(
  em: EntityManager,
  event: OrderChanged,
  deps: AcceptOrderNoticeDeps,
): Promise<AcceptedMessage> {
  const { order } = event;
  const kind = orderNoticeKind({
    change: event.change,
    status: order?.status ?? '',
    refundAmountMinor: event.refund ? Number(event.refund.amountMinor) : null,
  });
  if (!kind) return { created: false, skipped: `no notice for order.${event.change} (${order?.status ?? 'no order'})` };

  const v = new Violations();
  const recipient = checkOrderRecipient(v, order);
  const { orderId, number, currency } = recipient;
  const totalMinor = v.int('order.money.totalMinor', Number(order?.money?.totalMinor ?? 0), { label: 'Total', min: 0 });
  const version = v.int('version', event.version, { label: 'Version', min: 1 });
  v.throwIfAny();

  const dedupeKey = orderNoticeDedupeKey(orderId, kind, version);
  const payload: OrderNoticePayload = {
    kind,
    orderId,
    orderAccessKey: event.guestAccessKey,
    orderNumber: number,
    totalMinor,
    currency,
  };
  return recordOrderEmailOnce(
    em,
    { ...recipient, locale: order!.locale },
    { template: 'order-notice', dedupeKey, payload },
    deps,
  );
}
