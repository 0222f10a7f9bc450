/**
 * Who may do what on the event bus: one NATS user per service, allowed to publish its own subjects only and to read
 * only the subjects it consumes, through the consumers it owns. The machine's NATS (ensure-nats.ts) and the cluster's
 * (deploy/infrastructure/nats.yaml, checked against this table by scripts/test/unit/bus-accounts.test.ts) are
 * configured from here; the subjects, streams and durable names come from each service's own events/ modules.
 */
import {
  consumerNames,
  NATS_ADMIN_USER,
  natsInboxPrefix,
  PARKED_STREAM,
  serviceNatsUser,
} from '@kassa/platform/messaging';
import { CATALOG_STREAM } from '../../../services/catalog/src/events/subjects';
import { IDENTITY_STREAM } from '../../../services/identity/src/events/subjects';
import { MEMBER_INVITED_DURABLE } from '../../../services/notifications/src/events/member-invited.consumer';
import {
  ORDER_NOTICE_SUBJECTS,
  ORDER_NOTICES_DURABLE,
} from '../../../services/notifications/src/events/order-notices.consumer';
import { ORDER_REFUNDED_DURABLE } from '../../../services/notifications/src/events/order-refunded.consumer';
import { SIGNIN_CODE_DURABLE } from '../../../services/notifications/src/events/signin-code-requested.consumer';
import {
  NOTIFICATIONS_STREAM,
  subjects as notificationSubjects,
} from '../../../services/notifications/src/events/subjects';
import { TICKETS_ISSUED_DURABLE } from '../../../services/notifications/src/events/tickets-issued.consumer';
import { TICKETS_VOIDED_DURABLE } from '../../../services/notifications/src/events/tickets-voided.consumer';
import {
  CATALOG_PROJECTION_DURABLE,
  CATALOG_PROJECTION_SUBJECTS,
  EMAIL_DELIVERIES_DURABLE,
  EMAIL_STATUS_CHANGED_SUBJECT,
  ORDERING_STREAM,
  PAYMENT_SUBJECTS,
  PAYMENTS_DURABLE,
  TICKETING_ACTIVITY_DURABLE,
  TICKETING_ACTIVITY_SUBJECTS,
} from '../../../services/ordering/src/events/subjects';
import {
  ORDER_ENDED_DURABLE,
  ORDER_ENDED_SUBJECTS,
  PAYMENTS_STREAM,
  REFUND_REQUESTED_DURABLE,
  REFUND_REQUESTED_SUBJECT,
} from '../../../services/payments/src/events/subjects';
import {
  CATALOG_EVENT_SUBJECT,
  CATALOG_EVENTS_DURABLE,
  MEMBER_SUBJECTS,
  MEMBERS_DURABLE,
  ORDER_CHANGED_SUBJECT,
  ORDERS_DURABLE,
  TICKETING_STREAM,
} from '../../../services/ticketing/src/events/subjects';

/** A durable consumer a service owns on another service's stream. */
export interface Consumption {
  stream: string;
  durable: string;
  subjects: readonly string[];
  /** Also reads the whole stream through short-lived ordered consumers (ordering's projection rebuild). */
  replaysWholeStream?: boolean;
}

export interface ServiceAccount {
  service: string;
  /** The stream it owns: it alone creates it and publishes its subjects (`kassa.<service>.>`). */
  stream: { name: string; subjects: readonly string[] };
  consumes: Consumption[];
}

export const BUS_ACCOUNTS: ServiceAccount[] = [
  { service: 'identity', stream: IDENTITY_STREAM, consumes: [] },
  { service: 'catalog', stream: CATALOG_STREAM, consumes: [] },
  {
    service: 'ordering',
    stream: ORDERING_STREAM,
    consumes: [
      {
        stream: CATALOG_STREAM.name,
        durable: CATALOG_PROJECTION_DURABLE,
        subjects: CATALOG_PROJECTION_SUBJECTS,
        replaysWholeStream: true,
      },
      { stream: PAYMENTS_STREAM.name, durable: PAYMENTS_DURABLE, subjects: Object.values(PAYMENT_SUBJECTS) },
      {
        stream: TICKETING_STREAM.name,
        durable: TICKETING_ACTIVITY_DURABLE,
        subjects: Object.values(TICKETING_ACTIVITY_SUBJECTS),
      },
      {
        stream: NOTIFICATIONS_STREAM.name,
        durable: EMAIL_DELIVERIES_DURABLE,
        subjects: [EMAIL_STATUS_CHANGED_SUBJECT],
      },
    ],
  },
  {
    service: 'payments',
    stream: PAYMENTS_STREAM,
    consumes: [
      { stream: ORDERING_STREAM.name, durable: ORDER_ENDED_DURABLE, subjects: ORDER_ENDED_SUBJECTS },
      { stream: ORDERING_STREAM.name, durable: REFUND_REQUESTED_DURABLE, subjects: [REFUND_REQUESTED_SUBJECT] },
    ],
  },
  {
    service: 'ticketing',
    stream: TICKETING_STREAM,
    consumes: [
      { stream: ORDERING_STREAM.name, durable: ORDERS_DURABLE, subjects: [ORDER_CHANGED_SUBJECT] },
      { stream: CATALOG_STREAM.name, durable: CATALOG_EVENTS_DURABLE, subjects: [CATALOG_EVENT_SUBJECT] },
      { stream: IDENTITY_STREAM.name, durable: MEMBERS_DURABLE, subjects: Object.values(MEMBER_SUBJECTS) },
    ],
  },
  {
    service: 'notifications',
    stream: NOTIFICATIONS_STREAM,
    consumes: [
      {
        stream: IDENTITY_STREAM.name,
        durable: SIGNIN_CODE_DURABLE,
        subjects: [notificationSubjects.signInCodeRequested],
      },
      { stream: IDENTITY_STREAM.name, durable: MEMBER_INVITED_DURABLE, subjects: [notificationSubjects.memberInvited] },
      { stream: ORDERING_STREAM.name, durable: ORDER_REFUNDED_DURABLE, subjects: [notificationSubjects.orderRefunded] },
      { stream: ORDERING_STREAM.name, durable: ORDER_NOTICES_DURABLE, subjects: ORDER_NOTICE_SUBJECTS },
      {
        stream: TICKETING_STREAM.name,
        durable: TICKETS_ISSUED_DURABLE,
        subjects: [notificationSubjects.ticketsIssued],
      },
      {
        stream: TICKETING_STREAM.name,
        durable: TICKETS_VOIDED_DURABLE,
        subjects: [notificationSubjects.ticketsVoided],
      },
    ],
  },
];

export interface Permissions {
  publish: string[];
  subscribe: string[];
}

export interface BusUser {
  user: string;
  permissions: Permissions;
}

/**
 * A service's rights. Production names every stream and consumer exactly. A namespaced copy (tests beside a running
 * platform) has names a static configuration cannot spell (`KASSA_ORDERING_T1A2…`; NATS has no partial-token
 * wildcards), so its user gets `*` for stream and consumer names but still only namespaced subjects of its own
 * service (`*.kassa.ordering.>`) and consumer filters on what it consumes.
 */
export function servicePermissions(account: ServiceAccount, options: { namespaced: boolean }): Permissions {
  const { namespaced } = options;
  const streamName = (name: string) => (namespaced ? '*' : name);
  const consumerName = (name: string) => (namespaced ? '*' : name);
  const subject = (value: string) => (namespaced ? `*.${value}` : value);
  const own = streamName(account.stream.name);

  const publish = new Set<string>([
    ...account.stream.subjects.map(subject),
    '$JS.API.INFO',
    `$JS.API.STREAM.INFO.${own}`,
    `$JS.API.STREAM.CREATE.${own}`,
    `$JS.API.STREAM.UPDATE.${own}`,
  ]);
  if (account.consumes.length > 0) {
    // Every consumer parks messages it gave up on in the shared stream, under its own durable's subject.
    for (const verb of ['INFO', 'CREATE', 'UPDATE']) publish.add(`$JS.API.STREAM.${verb}.${PARKED_STREAM}`);
  }
  for (const consumption of account.consumes) {
    const stream = streamName(consumption.stream);
    publish.add(`$JS.API.STREAM.INFO.${stream}`);
    publish.add(`kassa.parked.${consumerName(consumption.durable)}`);
    const names = consumerNames(consumption.durable, consumption.subjects.map(subject));
    names.forEach((name, index) => {
      const consumer = consumerName(name);
      // The filter is part of the create subject (NATS ≥ 2.9), so a user can only make consumers of what it consumes.
      publish.add(`$JS.API.CONSUMER.CREATE.${stream}.${consumer}.${subject(consumption.subjects[index]!)}`);
      publish.add(`$JS.API.CONSUMER.INFO.${stream}.${consumer}`);
      publish.add(`$JS.API.CONSUMER.MSG.NEXT.${stream}.${consumer}`);
      publish.add(`$JS.ACK.${stream}.${consumer}.>`);
    });
    if (consumption.replaysWholeStream) {
      // An ordered consumer has a generated name and no filter: the whole stream, which this service reads anyway.
      publish.add(`$JS.API.CONSUMER.CREATE.${stream}.*`);
      publish.add(`$JS.API.CONSUMER.INFO.${stream}.*`);
      publish.add(`$JS.API.CONSUMER.MSG.NEXT.${stream}.*`);
      publish.add(`$JS.API.CONSUMER.DELETE.${stream}.*`);
    }
  }
  return { publish: [...publish], subscribe: [`${natsInboxPrefix(userOf(account, namespaced))}.>`] };
}

function userOf(account: ServiceAccount, namespaced: boolean): string {
  return serviceNatsUser(account.service, namespaced ? 'namespaced' : '');
}

/** Operators' tools and the tests' clean-up: everything. */
export const ADMIN_PERMISSIONS: Permissions = { publish: ['>'], subscribe: ['>'] };

/** The users of a production bus: one per service, and the operators' admin. */
export function productionUsers(): BusUser[] {
  return [
    ...BUS_ACCOUNTS.map((account) => ({
      user: userOf(account, false),
      permissions: servicePermissions(account, { namespaced: false }),
    })),
    { user: NATS_ADMIN_USER, permissions: ADMIN_PERMISSIONS },
  ];
}

/** The users of a development machine's bus: production's, plus a namespaced user per service for the tests. */
export function machineUsers(): BusUser[] {
  return [
    ...productionUsers(),
    ...BUS_ACCOUNTS.map((account) => ({
      user: userOf(account, true),
      permissions: servicePermissions(account, { namespaced: true }),
    })),
  ];
}
