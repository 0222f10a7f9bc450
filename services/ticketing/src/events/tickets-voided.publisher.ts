import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@kassa/platform/outbox';
import { TicketsVoided } from '@kassa/proto/ticketing/events/v1/events';
import { TICKETS_VOIDED_SUBJECT } from './subjects';

/** TicketsVoided in the caller's transaction (the one that canceled the tickets), keyed by the order. */
export function publishTicketsVoided(em: EntityManager, message: TicketsVoided): void {
  addToOutbox(em, { subject: TICKETS_VOIDED_SUBJECT, type: TicketsVoided, message, key: message.orderId });
}
