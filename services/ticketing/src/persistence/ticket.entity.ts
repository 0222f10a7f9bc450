import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * One admission ("tkt_…"), made from an order line (domain/ticket-issuance.ts) and moved through its life by the
 * order's changes (domain/ticket-status.ts). `code` is the signed QR code (domain/ticket-code.ts) made from
 * `keyId` and `seed` when the ticket is issued; it is kept when the ticket is canceled, because a canceled ticket's
 * id is on the revocation list and scanners must still recognise (and refuse) its code.
 *
 * Check-in (the scanner's part, src/application/scanning): admitting a ticket at an event is ONE conditional update
 * of its TicketAccess row, `update ticket_access set checked_in_at = …, checked_in_device = … where ticket_id = ? and
 * event_id = ? and checked_in_at is null`, so a ticket is admitted once however many scanners race; in the same
 * transaction, when no access row of the ticket is left unchecked, the ticket's status becomes 'used' (and its
 * updated_at moves) with a conditional `... where status = 'created'`, so a ticket canceled meanwhile stays canceled.
 * Nothing else writes the check-in columns. The order consumer locks the order's ticket rows (never access rows)
 * while it issues or voids them, so the two never wait on each other in opposite orders.
 */
export const TicketEntity = defineEntity({
  name: 'Ticket',
  tableName: 'ticket',
  properties: (p) => ({
    id: p.string().primary(),
    /** "XXXX-XXXX" (domain/ticket-reference.ts), unique. */
    reference: p.string(),
    /** The ticket page's key (see Ticket.access_key in tickets.proto): the guest's capability, never in attendee answers. */
    accessKey: p.string(),
    organisationId: p.string(),
    orderId: p.string(),
    orderNumber: p.string(),
    shopId: p.string(),
    itemId: p.string(),
    itemName: p.string(),
    ticketOptionId: p.string(),
    priceMinor: p.bigint('number'),
    currency: p.string(),
    /** The buyer's e-mail: organiser answers only. */
    email: p.string(),
    /** The buyer's opt-in to the organiser's mailings, from the order. */
    subscribed: p.boolean(),
    /** The order's language, "en" or "nl". */
    locale: p.string(),
    /** "reserved", "created", "used" or "canceled". */
    status: p.string(),
    position: p.integer(),
    ofCount: p.integer(),
    keyId: p.string().nullable(),
    seed: p.string().nullable(),
    code: p.string().nullable(),
    issuedAt: p.datetime().nullable(),
    canceledAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  }),
});
export type TicketRow = InferEntity<typeof TicketEntity>;

/** One event a ticket grants, and whether (when, by which device) it was checked in there. See TicketEntity. */
export const TicketAccessEntity = defineEntity({
  name: 'TicketAccess',
  tableName: 'ticket_access',
  properties: (p) => ({
    ticketId: p.string().primary(),
    eventId: p.string().primary(),
    checkedInAt: p.datetime().nullable(),
    /** The device's name as check-ins record it (the scan link's name or the member's name). */
    checkedInDevice: p.string().nullable(),
  }),
});
export type TicketAccessRow = InferEntity<typeof TicketAccessEntity>;
