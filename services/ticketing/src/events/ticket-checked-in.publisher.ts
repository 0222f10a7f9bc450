import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@kassa/platform/outbox';
import { ScanConflictRecorded, TicketCheckedIn } from '@kassa/proto/ticketing/events/v1/events';
import { SCAN_CONFLICT_RECORDED_SUBJECT, TICKET_CHECKED_IN_SUBJECT } from './subjects';

/** TicketCheckedIn in the caller's transaction (the one that admitted the ticket), keyed by the ticket. */
export function publishTicketCheckedIn(em: EntityManager, message: TicketCheckedIn): void {
  addToOutbox(em, { subject: TICKET_CHECKED_IN_SUBJECT, type: TicketCheckedIn, message, key: message.ticketId });
}

/** ScanConflictRecorded in the transaction that recorded the conflict, keyed by the ticket. */
export function publishScanConflictRecorded(em: EntityManager, message: ScanConflictRecorded): void {
  addToOutbox(em, {
    subject: SCAN_CONFLICT_RECORDED_SUBJECT,
    type: ScanConflictRecorded,
    message,
    key: message.ticketId,
  });
}
