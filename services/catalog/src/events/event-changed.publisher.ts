import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@kassa/platform/outbox';
import { EventChanged } from '@kassa/proto/catalog/events/v1/events';
import type { Event } from '@kassa/proto/catalog/v1/events';
import { type EventChange, eventSubject } from './subjects';

/** The whole event after the change, in the caller's transaction; consumers keep the highest version. */
export function publishEventChanged(
  em: EntityManager,
  event: Event,
  change: EventChange,
  actorUserId: string | null,
  occurredAt: Date,
): void {
  addToOutbox(em, {
    subject: eventSubject(change),
    type: EventChanged,
    message: { event, change, actorUserId: actorUserId ?? '', occurredAt },
    key: event.id,
  });
}
