// The order as the API and the events show it.
import type {
  GuestOrder,
  Order,
  OrderHistoryEntry,
  OrderLine,
  OrderMoney,
  OrderRefund,
} from '@kassa/proto/ordering/v1/orders';
import { isHeld, isPayable, isRenewable } from '../domain/order-status';
import type { OrderHistoryRow, OrderLineRow, OrderRow, RefundRow } from '../persistence/order.entity';

export function toLine(line: OrderLineRow): OrderLine {
  return {
    itemId: line.itemId,
    ticketOptionId: line.ticketOptionId,
    eventIds: [...line.eventIds],
    name: line.name,
    quantity: line.quantity,
    unitPriceMinor: line.unitPriceMinor,
    subtotalMinor: line.subtotalMinor,
    discountMinor: line.discountMinor,
    totalMinor: line.totalMinor,
  };
}

export function toMoney(order: OrderRow): OrderMoney {
  return {
    currency: order.currency,
    subtotalMinor: order.subtotalMinor,
    discountMinor: order.discountMinor,
    donationMinor: order.donationMinor,
    feeMinor: order.feeMinor,
    totalMinor: order.totalMinor,
    refundedMinor: order.refundedMinor,
  };
}

/** The hold is shown only while it holds. */
const holdOf = (order: OrderRow) => (isHeld(order.status) && order.expiresAt ? order.expiresAt : undefined);

export function toGuestOrder(order: OrderRow, lines: readonly OrderLineRow[], now: Date): GuestOrder {
  return {
    id: order.id,
    number: order.number,
    shopId: order.shopId,
    status: order.status,
    lines: lines.map(toLine),
    money: toMoney(order),
    email: order.email,
    discountCode: order.discountCode,
    expiresAt: holdOf(order),
    paidAt: order.paidAt ?? undefined,
    createdAt: order.createdAt,
    payable: isPayable(order, now),
    renewable: isRenewable(order),
    outcome: order.outcome,
    locale: order.locale,
    accessKey: order.accessKey,
  };
}

export function toOrder(order: OrderRow, lines: readonly OrderLineRow[]): Order {
  return {
    id: order.id,
    number: order.number,
    organisationId: order.organisationId,
    shopId: order.shopId,
    status: order.status,
    lines: lines.map(toLine),
    money: toMoney(order),
    email: order.email,
    subscribe: order.subscribe,
    discountCode: order.discountCode,
    expiresAt: holdOf(order),
    paidAt: order.paidAt ?? undefined,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    outcome: order.outcome,
    locale: order.locale,
    ticketCount: order.ticketCount,
  };
}

export function toRefund(refund: RefundRow): OrderRefund {
  return {
    id: refund.id,
    amountMinor: refund.amountMinor,
    status: refund.status,
    reason: refund.reason,
    requestedBy: refund.requestedBy ?? '',
    requestedAt: refund.requestedAt,
    completedAt: refund.completedAt ?? undefined,
    cancelsOrder: refund.cancelsOrder,
  };
}

export function toHistoryEntry(entry: OrderHistoryRow): OrderHistoryEntry {
  return {
    timestamp: entry.at,
    action: entry.action,
    propertiesJson: JSON.stringify(entry.properties ?? {}),
    actorUserId: entry.actorUserId ?? '',
  };
}
