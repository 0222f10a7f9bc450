// The organiser's orders and payment attempts as the screens receive them from the BFF, and what the screens send
// back. Dates travel as ISO strings ('' when unset); money as integer minor units of the order's currency.
import type { HistoryActor } from './event-model';

export { ORDER_STATUSES, ORDER_LIST_STATUSES, PAYMENT_STATUSES } from '@kassa/contracts/statuses';

/** Orders a member may still cancel (a paid one is canceled by refunding it in full). */
export const CANCELABLE_ORDER_STATUSES: readonly string[] = ['reserved', 'pending'];

export interface OrderLineView {
  itemId: string;
  ticketOptionId: string;
  eventIds: string[];
  /** The item's name when ordered. */
  name: string;
  quantity: number;
  unitPriceMinor: number;
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
}

export interface OrderMoneyView {
  /** ISO 4217. */
  currency: string;
  subtotalMinor: number;
  discountMinor: number;
  donationMinor: number;
  /** The platform's transaction fee (per paid ticket). */
  feeMinor: number;
  totalMinor: number;
  /** Refunded so far, requested and completed. */
  refundedMinor: number;
}

export interface OrderView {
  id: string;
  /** Human-readable, e.g. "K7F3-9QX2". */
  number: string;
  organisationId: string;
  shopId: string;
  /** An order status word. */
  status: string;
  lines: OrderLineView[];
  money: OrderMoneyView;
  email: string;
  /** The guest's opt-in to the organiser's mailings. */
  subscribe: boolean;
  /** '' for none. */
  discountCode: string;
  /** While reserved or pending: when the hold ends. */
  expiresAt: string;
  paidAt: string;
  createdAt: string;
  updatedAt: string;
  /** '', expired, canceled, refunded or late_payment_refunded. */
  outcome: string;
  /** The guest's language. */
  locale: string;
  ticketCount: number;
}

/** requested, succeeded or failed (ordering's words, shown with the spec's pending / completed / failed badges). */
export const REFUND_BADGE_WORDS: Record<string, string> = {
  requested: 'pending',
  succeeded: 'completed',
  failed: 'failed',
};

export interface OrderRefundView {
  id: string;
  amountMinor: number;
  /** requested, succeeded or failed. */
  status: string;
  /** organiser, late_payment, duplicate_payment or order_canceled. */
  reason: string;
  /** Who asked: a member, the system, or someone no longer a member. */
  requestedBy: HistoryActor;
  requestedAt: string;
  completedAt: string;
  /** A full refund: the order is canceled with it. */
  cancelsOrder: boolean;
}

/** Who made a history entry; ordering leaves the actor empty for the guest and for the system. */
export type OrderActor = HistoryActor | { kind: 'guest' };

export interface OrderHistoryEntryView {
  /** Stable within one answer (the entries have no id of their own). */
  id: string;
  timestamp: string;
  /** reserved, payment_started, payment_failed, paid, expired, canceled, refund_requested, refunded, … */
  action: string;
  /** The entry's details, a JSON object as recorded. */
  propertiesJson: string;
  actor: OrderActor;
}

export interface PaymentView {
  id: string;
  orderId: string;
  orderNumber: string;
  /** stripe or demo. */
  provider: string;
  /** A payment status word. */
  status: string;
  amountMinor: number;
  currency: string;
  refundedMinor: number;
  /** The provider's object id; '' until the provider answered. */
  providerReference: string;
  /** Why it failed, for the organiser; '' otherwise. */
  failureReason: string;
  createdAt: string;
  updatedAt: string;
  /** No real money moved (always for the demo provider). */
  testMode: boolean;
}

/** One order in full, for its detail page. */
export interface OrderDetailView {
  order: OrderView;
  /** The shop's name ('' when catalog no longer knows it). */
  shopName: string;
  refunds: OrderRefundView[];
  history: OrderHistoryEntryView[];
  /** What is left to refund, in minor units. */
  refundableMinor: number;
  /** The order's payment attempts, newest first. */
  payments: PaymentView[];
}

export interface ShopName {
  id: string;
  name: string;
}

/** One page of the organiser's orders, with the filters that made it. */
export interface OrderListView {
  orders: OrderView[];
  /** 1-based. */
  page: number;
  hasNextPage: boolean;
  query: string;
  /** '' for every status. */
  status: string;
  /** '' for every shop. */
  shopId: string;
}

/** One page of payment attempts. */
export interface PaymentListView {
  payments: PaymentView[];
  page: number;
  hasNextPage: boolean;
  status: string;
}

export interface PaymentProviderView {
  /** stripe, demo, mollie, adyen, paypal, … */
  key: string;
  name: string;
  /** connected, test_mode, coming_soon or unavailable. */
  status: string;
}

/** The organisation's Payments settings tab. */
export interface PaymentSettingsView {
  /** standard or platform_only. */
  plan: string;
  /** null when payments named none. */
  activeProvider: PaymentProviderView | null;
  /** The Platform-only plan's integrations, each coming soon. */
  platformOnlyProviders: PaymentProviderView[];
  currency: string;
}

/** POST /api/organisations/{orgId}/orders/{orderId}/refund. */
export interface RefundInput {
  /** The rest of the order's total; the order is canceled with it. */
  full: boolean;
  /** For a partial refund: at least 1, at most what is left. */
  amountMinor?: number;
  /** Chosen once per refund, so a retried request refunds once. */
  idempotencyKey: string;
}
