import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@kassa/platform/outbox';
import { TicketCheckedIn } from '@kassa/proto/ticketing/events/v1/events';
import { TICKET_CHECKED_IN_SUBJECT } from './subjects';

/** TicketCheckedIn in the caller's transaction (the one that admitted the ticket), keyed by the ticket. */
export function publishTicketCheckedIn(em: EntityManager, message: TicketCheckedIn): void {
  addToOutbox(em, { subject: TICKET_CHECKED_IN_SUBJECT, type: TicketCheckedIn, message, key: message.ticketId });
}
