// The closed vocabularies of the spec (§4): every status, verdict and reason word a service stores and answers with,
// and the dashboard filters on and labels. The words are the API's values, so they live here once: the services'
// domain/ builds its status machines on these lists, the BFF checks ?status= against them, the screens label them.

function guard<Word extends string>(words: readonly Word[]): (value: unknown) => value is Word {
  return (value: unknown): value is Word => typeof value === 'string' && (words as readonly string[]).includes(value);
}

/** An event: draft ⇄ live, live → ended, any → deleted. */
export const EVENT_STATUSES = ['draft', 'live', 'ended', 'deleted'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const isEventStatus = guard(EVENT_STATUSES);
/** The statuses the organiser's event list filters on (deleted events are gone from it). */
export const EVENT_LIST_STATUSES = ['draft', 'live', 'ended'] as const satisfies readonly EventStatus[];

/** A shop: draft ⇄ public, any → deleted. */
export const SHOP_STATUSES = ['draft', 'public', 'deleted'] as const;
export type ShopStatus = (typeof SHOP_STATUSES)[number];
export const isShopStatus = guard(SHOP_STATUSES);
/** The statuses the organiser's shop list filters on. */
export const SHOP_LIST_STATUSES = ['draft', 'public'] as const satisfies readonly ShopStatus[];
/** Where a public shop is in its window: before opens_at, between opens_at and closes_at, from closes_at on. */
export const SHOP_WINDOWS = ['upcoming', 'open', 'closed'] as const;
export type ShopWindow = (typeof SHOP_WINDOWS)[number];

/** An order: created → reserved → pending → paid; held → expired or canceled; paid → canceled. */
export const ORDER_STATUSES = ['created', 'reserved', 'pending', 'paid', 'expired', 'canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const isOrderStatus = guard(ORDER_STATUSES);
/** The statuses the organiser's order list filters on ("created" is never stored). */
export const ORDER_LIST_STATUSES = [
  'reserved',
  'pending',
  'paid',
  'expired',
  'canceled',
] as const satisfies readonly OrderStatus[];

/** A payment attempt: created → pending → authorized → paid; an open one → failed, canceled or expired. */
export const PAYMENT_STATUSES = ['created', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const isPaymentStatus = guard(PAYMENT_STATUSES);

/** A ticket: reserved (order not paid yet) → created (valid) → used (checked in); any → canceled. */
export const TICKET_STATUSES = ['reserved', 'created', 'used', 'canceled'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const isTicketStatus = guard(TICKET_STATUSES);
/** The statuses attendees are filtered by (issued tickets only; "used" = checked in at that event). */
export const ATTENDEE_STATUSES = ['created', 'used', 'canceled'] as const satisfies readonly TicketStatus[];
export type AttendeeStatus = (typeof ATTENDEE_STATUSES)[number];
export const isAttendeeStatus = guard(ATTENDEE_STATUSES);

/** What the spec calls an e-mail's delivery statuses, word for word and in its order. */
export const EMAIL_DELIVERY_STATUSES = [
  'bounce',
  'complaint',
  'delivery',
  'send',
  'reject',
  'opened',
  'click',
  'renderingFailure',
  'deliveryDelay',
  'subscription',
  'notSent',
] as const;
export type EmailDeliveryStatus = (typeof EMAIL_DELIVERY_STATUSES)[number];
/** The delivery statuses that mean the guest did not get the message (a complaint was delivered, then reported). */
export const EMAIL_FAILURE_STATUSES = [
  'bounce',
  'reject',
  'renderingFailure',
  'notSent',
] as const satisfies readonly EmailDeliveryStatus[];
export const isEmailFailure = guard(EMAIL_FAILURE_STATUSES);
/** An e-mail's status: the delivery statuses, and "created" before it is handed to the mail server. */
export const EMAIL_STATUSES = ['created', ...EMAIL_DELIVERY_STATUSES] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
export const isEmailStatus = guard(EMAIL_STATUSES);

/** Whether a shop item can be bought now, as guests are told. */
export const AVAILABILITY_STATUSES = ['available', 'sold out', 'closed', 'upcoming'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

/** A discount code's verdict on a cart; '' when none was given. */
export const DISCOUNT_STATUSES = [
  '',
  'applied',
  'unknown',
  'not_started',
  'expired',
  'used_up',
  'not_applicable',
] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

/** Why money was paid back: the organiser refunded, a payment came after its hold, a second payment, a canceled paid order. */
export const REFUND_REASONS = ['organiser', 'late_payment', 'duplicate_payment', 'order_canceled'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const isRefundReason = guard(REFUND_REASONS);
