// Not a use case: the steps the event and ticket option use cases share inside their transaction (check ids, load and
// lock an event or ticket option of the organisation, record a change with its history and published snapshot).
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError, Violations } from '@kassa/platform/errors';
import { newId } from '@kassa/platform/ids';
import {
  type HistoryAction,
  type Properties,
  diffProperties,
  eventProperties,
  ticketOptionProperties,
} from '../domain/history';
import { publishEventChanged } from '../events/event-changed.publisher';
import type { EventChange } from '../events/subjects';
import { publishTicketOptionChanged } from '../events/ticket-option-changed.publisher';
import { type CatalogEvent, EventEntity } from '../persistence/event.entity';
import { HistoryEntryEntity } from '../persistence/history-entry.entity';
import { type TicketOption, TicketOptionEntity } from '../persistence/ticket-option.entity';
import { eventValuesOf, toEventMessage, toTicketOptionMessage, ticketOptionValuesOf } from './catalog-views';

/** Checks the ids of a request (field names as the BFF sends them) before anything is asked or loaded. */
export function checkIds(ids: { organisationId: string; eventId?: string; ticketOptionId?: string }): void {
  const violations = new Violations();
  violations.id('organisationId', ids.organisationId, 'org');
  if (ids.eventId !== undefined) violations.id('eventId', ids.eventId, 'evt');
  if (ids.ticketOptionId !== undefined) violations.id('ticketOptionId', ids.ticketOptionId, 'tko');
  violations.throwIfAny();
}

const EVENT_NOT_FOUND = 'Event not found';
const TICKET_OPTION_NOT_FOUND = 'Ticket option not found';

/**
 * An event of this organisation; another organisation's id answers exactly like an unknown one. `lock` takes a
 * row lock for a change, so two changes of one event (an organiser and the sweeper) queue instead of racing.
 */
export async function loadEvent(
  em: EntityManager,
  organisationId: string,
  eventId: string,
  lock = false,
): Promise<CatalogEvent> {
  const event = await em.findOne(
    EventEntity,
    { id: eventId, organisationId },
    lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
  );
  if (!event) throw new NotFoundError(EVENT_NOT_FOUND);
  return event;
}

export async function loadTicketOption(
  em: EntityManager,
  organisationId: string,
  ticketOptionId: string,
  lock = false,
): Promise<TicketOption> {
  const option = await em.findOne(
    TicketOptionEntity,
    { id: ticketOptionId, organisationId },
    lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
  );
  if (!option) throw new NotFoundError(TICKET_OPTION_NOT_FOUND);
  return option;
}

export function countTicketOptions(em: EntityManager, eventId: string): Promise<number> {
  return em.count(TicketOptionEntity, { eventId });
}

export interface Change {
  action: HistoryAction;
  actorUserId: string | null;
  at: Date;
}

/** One history entry; `groupId` is the event or shop whose history lists it. */
export function addHistory(
  em: EntityManager,
  entry: {
    organisationId: string;
    entityId: string;
    groupId: string;
    properties: ReturnType<typeof diffProperties>;
  } & Change,
): void {
  em.create(HistoryEntryEntity, {
    id: newId('his'),
    organisationId: entry.organisationId,
    entityId: entry.entityId,
    groupId: entry.groupId,
    action: entry.action,
    properties: entry.properties,
    actorUserId: entry.actorUserId,
    occurredAt: entry.at,
  });
}

/**
 * Records a change of an event in the caller's transaction: version + 1, a history entry with the changed
 * properties (`before` = its properties before the change; none for "created") and the whole snapshot in the outbox.
 */
export async function recordEventChange(
  em: EntityManager,
  event: CatalogEvent,
  before: Properties | undefined,
  change: Change & { action: Exclude<EventChange, 'removed'> },
) {
  event.version += 1;
  addHistory(em, {
    organisationId: event.organisationId,
    entityId: event.id,
    groupId: event.id,
    properties: diffProperties(before, eventProperties(eventValuesOf(event))),
    ...change,
  });
  const message = toEventMessage(event, await countTicketOptions(em, event.id));
  publishEventChanged(em, message, change.action, change.actorUserId, change.at);
  return message;
}

/** The same for a ticket option; "deleted" records every property going to null and publishes its last state. */
export function recordTicketOptionChange(
  em: EntityManager,
  option: TicketOption,
  before: Properties | undefined,
  change: Change & { action: 'created' | 'updated' | 'deleted' },
) {
  const deleted = change.action === 'deleted';
  // A deletion is a change too: its higher version lets consumers drop an older snapshot that arrives late.
  option.version += 1;
  addHistory(em, {
    organisationId: option.organisationId,
    entityId: option.id,
    groupId: option.eventId,
    properties: diffProperties(before, deleted ? undefined : ticketOptionProperties(ticketOptionValuesOf(option))),
    ...change,
  });
  const message = toTicketOptionMessage(option);
  publishTicketOptionChanged(em, message, option.organisationId, change.action, change.actorUserId, change.at);
  return message;
}
