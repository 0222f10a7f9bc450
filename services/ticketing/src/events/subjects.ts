/** ticketing's own stream: it creates it on start and is its only publisher (through the outbox relay). */
export const TICKETING_STREAM = { name: 'KASSA_TICKETING', subjects: ['kassa.ticketing.>'] } as const;

/** An order's tickets became valid (once per order), with everything the confirmation e-mail needs. */
export const TICKETS_ISSUED_SUBJECT = 'kassa.ticketing.tickets.issued';
/** An order's tickets were canceled; their codes are revoked. */
export const TICKETS_VOIDED_SUBJECT = 'kassa.ticketing.tickets.voided';
/** A ticket was admitted at an event (the scanner publishes it). */
export const TICKET_CHECKED_IN_SUBJECT = 'kassa.ticketing.ticket.checked_in';
/** A ticket admitted offline by one device and elsewhere by another was recorded as a conflict (once each). */
export const SCAN_CONFLICT_RECORDED_SUBJECT = 'kassa.ticketing.scan.conflict_recorded';

/** ordering's stream: ticketing reads it and never creates it (ordering does, on its start). */
export const ORDERING_STREAM = 'KASSA_ORDERING';
/** Every order change (reserved, pending, payment_failed, paid, expired, canceled, refunded): each carries the whole order. */
export const ORDER_CHANGED_SUBJECT = 'kassa.ordering.order.*';
/** Durable name (also the inbox consumer and the parking subject) of the order consumer. */
export const ORDERS_DURABLE = 'ticketing-orders';

/** catalog's stream: ticketing reads it and never creates it (catalog does, on its start). */
export const CATALOG_STREAM = 'KASSA_CATALOG';
/** catalog's event snapshots (created, updated, published, converted_to_draft, ended, deleted, removed). */
export const CATALOG_EVENT_SUBJECT = 'kassa.catalog.event.*';
/** Durable name of the event projection's consumer. */
export const CATALOG_EVENTS_DURABLE = 'ticketing-catalog-events';

/** identity's stream: ticketing reads it and never creates it (identity does, on its start). */
export const IDENTITY_STREAM = 'KASSA_IDENTITY';
/** A membership changed (its permissions after the change) or ended: the member's scan links may have to go. */
export const MEMBER_SUBJECTS = {
  updated: 'kassa.identity.member.updated',
  removed: 'kassa.identity.member.removed',
} as const;
/** Durable name of the member consumer (one server consumer per subject). */
export const MEMBERS_DURABLE = 'ticketing-members';

/** `[<ns>.]kassa.<service>.<entity>.<verb>` → its parts; null for any other subject. */
export function parseSubject(subject: string): { service: string; entity: string; verb: string } | null {
  const match = /(?:^|\.)kassa\.([a-z_]+)\.([a-z_]+)\.([a-z_]+)$/.exec(subject);
  return match ? { service: match[1]!, entity: match[2]!, verb: match[3]! } : null;
}
