import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox, type OutboxEntry, outboxRow, type OutboxRowValues } from '@kassa/platform/outbox';
import { OrderChanged } from '@kassa/proto/ordering/events/v1/events';
import type { Order, OrderRefund } from '@kassa/proto/ordering/v1/orders';
import { type OrderChange, orderSubject } from './subjects';

interface OrderChangeDetails {
  version: number;
  actorUserId: string | null;
  occurredAt: Date;
  refund?: OrderRefund;
  guestAccessKey: string;
}

function orderChanged(order: Order, change: OrderChange, details: OrderChangeDetails): OutboxEntry<OrderChanged> {
  return {
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
  };
}

/**
 * The whole order after the change, in the caller's transaction, with the guest's access key beside it (not in the
 * Order, which organisers see too): notifications links the guest's e-mails with it, ticketing keeps its digest.
 */
export function publishOrderChanged(
  em: EntityManager,
  order: Order,
  change: OrderChange,
  details: OrderChangeDetails,
): void {
  addToOutbox(em, orderChanged(order, change, details));
}

/** The same message as an outbox row, for a checkout that writes it in the statement that places the order. */
export function orderChangedRow(order: Order, change: OrderChange, details: OrderChangeDetails): OutboxRowValues {
  return outboxRow(orderChanged(order, change, details));
}
