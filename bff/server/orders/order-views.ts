// ordering's orders and payments' attempts as the screens receive them: the organiser's (web/src/lib/order-model.ts)
// and the guest's (web/src/lib/checkout.ts), one mapping for both. Dates as ISO strings ('' when unset), money as
// integer minor units with its currency.
import type {
  GetOrderResponse,
  GuestOrder,
  Order,
  OrderHistoryEntry,
  OrderLine,
  OrderMoney,
  OrderRefund,
} from '@kassa/proto/ordering/v1/orders';
import type {
  GetPaymentResponse,
  GetPaymentSettingsResponse,
  Payment,
  PaymentProviderInfo,
} from '@kassa/proto/payments/v1/payments';
import type { DemoPaymentView, GuestOrderLineView, GuestOrderView } from '@kassa/web/lib/checkout';
import type { HistoryActor } from '@kassa/web/lib/event-model';
import type {
  OrderActor,
  OrderDetailView,
  OrderHistoryEntryView,
  OrderLineView,
  OrderMoneyView,
  OrderRefundView,
  OrderView,
  PaymentProviderView,
  PaymentSettingsView,
  PaymentView,
} from '@kassa/web/lib/order-model';
import { iso } from '../iso-date';

/** What the guest sees of a line too: the item, how many and what they cost. */
function toGuestLineView({
  itemId,
  name,
  quantity,
  unitPriceMinor,
  subtotalMinor,
  discountMinor,
  totalMinor,
}: OrderLine): GuestOrderLineView {
  return { itemId, name, quantity, unitPriceMinor, subtotalMinor, discountMinor, totalMinor };
}

function toLineView(line: OrderLine): OrderLineView {
  return { ...toGuestLineView(line), ticketOptionId: line.ticketOptionId, eventIds: [...line.eventIds] };
}

function toMoneyView(money: OrderMoney | undefined): OrderMoneyView {
  return {
    currency: money?.currency || 'EUR',
    subtotalMinor: money?.subtotalMinor ?? 0,
    discountMinor: money?.discountMinor ?? 0,
    donationMinor: money?.donationMinor ?? 0,
    feeMinor: money?.feeMinor ?? 0,
    totalMinor: money?.totalMinor ?? 0,
    refundedMinor: money?.refundedMinor ?? 0,
  };
}

export function toOrderView(order: Order | undefined): OrderView {
  if (!order) throw new Error('ordering answered without an order');
  return {
    id: order.id,
    number: order.number,
    organisationId: order.organisationId,
    shopId: order.shopId,
    status: order.status,
    lines: order.lines.map(toLineView),
    money: toMoneyView(order.money),
    email: order.email,
    subscribe: order.subscribe,
    discountCode: order.discountCode,
    expiresAt: iso(order.expiresAt),
    paidAt: iso(order.paidAt),
    createdAt: iso(order.createdAt),
    updatedAt: iso(order.updatedAt),
    outcome: order.outcome,
    locale: order.locale,
    ticketCount: order.ticketCount,
  };
}

/** An order as its guest sees it: no organiser-only data, the money flat beside the rest. */
export function toGuestOrderView(order: GuestOrder | undefined): GuestOrderView {
  if (!order) throw new Error('ordering answered without an order');
  return {
    id: order.id,
    accessKey: order.accessKey,
    number: order.number,
    shopId: order.shopId,
    status: order.status,
    lines: order.lines.map(toGuestLineView),
    ...toMoneyView(order.money),
    email: order.email,
    discountCode: order.discountCode,
    expiresAt: iso(order.expiresAt),
    paidAt: iso(order.paidAt),
    createdAt: iso(order.createdAt),
    payable: order.payable,
    renewable: order.renewable,
    outcome: order.outcome,
  };
}

/** `names` maps the organisation's members' user ids to their names; anyone else was a member once. */
function memberActor(userId: string, names: ReadonlyMap<string, string>): HistoryActor {
  if (!userId) return { kind: 'system' };
  const name = names.get(userId);
  return name !== undefined ? { kind: 'member', name } : { kind: 'former' };
}

// What the guest does themselves; ordering records these without an actor, like the system's own steps.
const GUEST_ACTIONS = new Set(['created', 'reserved', 'payment_started', 'payment_retried']);

function historyActor(entry: OrderHistoryEntry, names: ReadonlyMap<string, string>): OrderActor {
  if (!entry.actorUserId && GUEST_ACTIONS.has(entry.action)) return { kind: 'guest' };
  return memberActor(entry.actorUserId, names);
}

export function toOrderRefundView(
  refund: OrderRefund,
  names: ReadonlyMap<string, string> = new Map(),
): OrderRefundView {
  return {
    id: refund.id,
    amountMinor: refund.amountMinor,
    status: refund.status,
    reason: refund.reason,
    requestedBy: memberActor(refund.requestedBy, names),
    requestedAt: iso(refund.requestedAt),
    completedAt: iso(refund.completedAt),
    cancelsOrder: refund.cancelsOrder,
  };
}

export function toOrderHistoryView(
  entry: OrderHistoryEntry,
  index: number,
  names: ReadonlyMap<string, string>,
): OrderHistoryEntryView {
  return {
    id: `${index}`,
    timestamp: iso(entry.timestamp),
    action: entry.action,
    propertiesJson: entry.propertiesJson,
    actor: historyActor(entry, names),
  };
}

export function toPaymentView(payment: Payment): PaymentView {
  return {
    id: payment.id,
    orderId: payment.orderId,
    orderNumber: payment.orderNumber,
    provider: payment.provider,
    status: payment.status,
    amountMinor: payment.amount?.amountMinor ?? 0,
    currency: payment.amount?.currency || 'EUR',
    refundedMinor: payment.refundedMinor,
    providerReference: payment.providerReference,
    failureReason: payment.failureReason,
    createdAt: iso(payment.createdAt),
    updatedAt: iso(payment.updatedAt),
    testMode: payment.testMode,
  };
}

/** A demo provider's attempt for its test-mode page, with the shop's name ('' when it cannot be shown). */
export function toDemoPaymentView(answer: GetPaymentResponse, shopName: string): DemoPaymentView {
  const payment = answer.payment;
  if (!payment) throw new Error('payments answered without a payment');
  return {
    id: payment.id,
    orderId: payment.orderId,
    orderNumber: payment.orderNumber,
    status: payment.status,
    amountMinor: payment.amount?.amountMinor ?? 0,
    currency: payment.amount?.currency ?? 'EUR',
    shopId: answer.shopId,
    shopName,
  };
}

/** One order in full: ordering's answer, the order's payment attempts and who is who in the organisation. */
export function toOrderDetailView(
  answer: GetOrderResponse,
  payments: Payment[],
  names: ReadonlyMap<string, string>,
  shopName: string,
): OrderDetailView {
  return {
    order: toOrderView(answer.order),
    shopName,
    // Newest last, as ordering gives them: they read as a story.
    refunds: answer.refunds.map((refund) => toOrderRefundView(refund, names)),
    // Newest first, like every history table in the dashboard.
    history: answer.history.map((entry, index) => toOrderHistoryView(entry, index, names)).reverse(),
    refundableMinor: answer.refundableMinor,
    payments: payments.map(toPaymentView),
  };
}

const toProviderView = (provider: PaymentProviderInfo): PaymentProviderView => ({
  key: provider.key,
  name: provider.name,
  status: provider.status,
});

export function toPaymentSettingsView(answer: GetPaymentSettingsResponse): PaymentSettingsView {
  return {
    plan: answer.plan || 'standard',
    activeProvider: answer.activeProvider ? toProviderView(answer.activeProvider) : null,
    platformOnlyProviders: answer.platformOnlyProviders.map(toProviderView),
    currency: answer.currency,
  };
}
