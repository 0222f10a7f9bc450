/** Subjects this service consumes and publishes (`kassa.<service>.<entity>.<verb>`); on NATS under the namespace's subject(). */
export const subjects = {
  /** Consumed from identity: a person asked for a sign-in code. */
  signInCodeRequested: 'kassa.identity.signin.code_requested',
  /** Consumed from identity: someone was invited to an organisation. */
  memberInvited: 'kassa.identity.member.invited',
  /** Consumed from ordering: a refund of an order succeeded (OrderChanged with the refund). */
  orderRefunded: 'kassa.ordering.order.refunded',
  /** Consumed from ordering: a payment attempt of a held order failed or was aborted (OrderChanged). */
  orderPaymentFailed: 'kassa.ordering.order.payment_failed',
  /** Consumed from ordering: an order's hold ran out unpaid (OrderChanged). */
  orderExpired: 'kassa.ordering.order.expired',
  /** Consumed from ordering: an order was canceled, by the organiser or by a full refund (OrderChanged). */
  orderCanceled: 'kassa.ordering.order.canceled',
  /** Consumed from ticketing: an order's tickets were issued (TicketsIssued): the order confirmation. */
  ticketsIssued: 'kassa.ticketing.tickets.issued',
  /** Consumed from ticketing: an order's tickets were canceled (TicketsVoided). */
  ticketsVoided: 'kassa.ticketing.tickets.voided',
  /** Published through the outbox whenever a message's delivery status changes (outbox rows keep it canonical). */
  emailStatusChanged: 'kassa.notifications.email.status_changed',
} as const;

/** notifications' own stream: it creates it on start and is its only publisher (through the outbox relay). */
export const NOTIFICATIONS_STREAM = { name: 'KASSA_NOTIFICATIONS', subjects: ['kassa.notifications.>'] } as const;

/** identity's stream: notifications reads it and never creates it (identity does, on its start). */
export const IDENTITY_STREAM = 'KASSA_IDENTITY';
/** ordering's stream: read only, like identity's. */
export const ORDERING_STREAM = 'KASSA_ORDERING';
/** ticketing's stream: read only, like identity's. */
export const TICKETING_STREAM = 'KASSA_TICKETING';
