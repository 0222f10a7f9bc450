import { createNamespace, type Namespace } from '@kassa/platform/config';

/** Subjects this service consumes and publishes (`kassa.<service>.<entity>.<verb>`). */
export const subjects = {
  /** Consumed from identity: a person asked for a sign-in code. */
  signInCodeRequested: 'kassa.identity.signin.code_requested',
  /** Consumed from identity: someone was invited to an organisation. */
  memberInvited: 'kassa.identity.member.invited',
  /** Consumed from ordering: a refund of an order succeeded (OrderChanged with the refund). */
  orderRefunded: 'kassa.ordering.order.refunded',
  /** Consumed from ticketing: an order's tickets were issued (TicketsIssued): the order confirmation. */
  ticketsIssued: 'kassa.ticketing.tickets.issued',
  /** Consumed from ticketing: an order's tickets were canceled (TicketsVoided). */
  ticketsVoided: 'kassa.ticketing.tickets.voided',
  /** Published through the outbox whenever a message's delivery status changes. */
  emailStatusChanged: 'kassa.notifications.email.status_changed',
} as const;

export interface StreamSpec {
  name: string;
  subjects: string[];
}

/**
 * Where the subjects live: identity's stream (read, and ensured at start with identity's definition), ordering's and
 * ticketing's (read only: their owners create them, and the consumers wait for them) and ours (ensured at start, fed by
 * the outbox relay).
 */
export interface MessagingTopology {
  namespace: Namespace;
  identityStream: StreamSpec;
  /** ordering's stream, by name only: this service never creates it. */
  orderingStream: string;
  /** ticketing's stream, by name only: this service never creates it. */
  ticketingStream: string;
  notificationsStream: StreamSpec;
  /** Subjects as they travel on NATS (namespaced); outbox rows keep the canonical ones. */
  subjects: Record<keyof typeof subjects, string>;
}

/** The production topology, or a namespaced copy of it (see the platform's createNamespace). */
export function messagingTopology(namespace: Namespace = createNamespace()): MessagingTopology {
  return {
    namespace,
    identityStream: { name: namespace.stream('KASSA_IDENTITY'), subjects: [namespace.subject('kassa.identity.>')] },
    orderingStream: namespace.stream('KASSA_ORDERING'),
    ticketingStream: namespace.stream('KASSA_TICKETING'),
    notificationsStream: { name: namespace.stream('KASSA_NOTIFICATIONS'), subjects: [namespace.subject('kassa.notifications.>')] },
    subjects: {
      signInCodeRequested: namespace.subject(subjects.signInCodeRequested),
      memberInvited: namespace.subject(subjects.memberInvited),
      orderRefunded: namespace.subject(subjects.orderRefunded),
      ticketsIssued: namespace.subject(subjects.ticketsIssued),
      ticketsVoided: namespace.subject(subjects.ticketsVoided),
      emailStatusChanged: namespace.subject(subjects.emailStatusChanged),
    },
  };
}
