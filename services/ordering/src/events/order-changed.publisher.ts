import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@kassa/platform/outbox';
import { OrderChanged } from '@kassa/proto/ordering/events/v1/events';
import type { Order, OrderRefund } from '@kassa/proto/ordering/v1/orders';
import { type OrderChange, orderSubject } from './subjects';

/**
 * The whole order after the change, in the caller's transaction, with the guest's access key beside it (not in the
 * Order, which organisers see too): notifications links the guest's e-mails with it, ticketing keeps its digest.
 */
export function publishOrderChanged(
  em: EntityManager,
  order: Order,
  change: OrderChange,
  details: {
    version: number;
    actorUserId: string | null;
    occurredAt: Date;
    refund?: OrderRefund;
    guestAccessKey: string;
  },
): void {
  addToOutbox(em, {
    subject: orderSubject(change),
    type: OrderChanged,
    message: {
      order,
      change,
      actorUserId: details.actorUserId ?? '',
      occurredAt: details.occurredAt,
      version: details.version,
      refund: details.refund,
      guestAccessKey: details.guestAccessKey,
    },
    key: order.id,
  });
}
