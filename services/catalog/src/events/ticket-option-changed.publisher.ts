import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@kassa/platform/outbox';
import { TicketOptionChanged } from '@kassa/proto/catalog/events/v1/events';
import type { TicketOption } from '@kassa/proto/catalog/v1/events';
import { type TicketOptionChange, ticketOptionSubject } from './subjects';

/** The whole ticket option after the change (its last state for "deleted"), in the caller's transaction. */
export function publishTicketOptionChanged(
  em: EntityManager,
  option: TicketOption,
  organisationId: string,
  change: TicketOptionChange,
  actorUserId: string | null,
  occurredAt: Date,
): void {
  addToOutbox(em, {
    subject: ticketOptionSubject(change),
    type: TicketOptionChanged,
    message: { ticketOption: option, organisationId, change, actorUserId: actorUserId ?? '', occurredAt },
    key: option.id,
  });
}
