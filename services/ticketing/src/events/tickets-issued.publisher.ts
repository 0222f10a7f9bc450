import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@kassa/platform/outbox';
import { TicketsIssued } from '@kassa/proto/ticketing/events/v1/events';
import { TICKETS_ISSUED_SUBJECT } from './subjects';

/** TicketsIssued in the caller's transaction (the one that issued the tickets), keyed by the order. */
export function publishTicketsIssued(em: EntityManager, message: TicketsIssued): void {
  addToOutbox(em, { subject: TICKETS_ISSUED_SUBJECT, type: TicketsIssued, message, key: message.order?.id ?? '' });
}
