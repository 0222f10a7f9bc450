// catalog's events as ticketing keeps them: one version-guarded upsert per snapshot, so redelivery, replay and
// reordering change nothing. A removed event keeps its row (its tickets still name it), with its last status.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { NamedTranslation } from '../domain/event-name';
import { type EventRow, EventEntity } from './event.entity';

export interface EventSnapshot {
  id: string;
  organisationId: string;
  name: string;
  translations: NamedTranslation[];
  startsAt: Date | null;
  endsAt: Date | null;
  address: string;
  city: string;
  postalCode: string;
  country: string;
  /** IANA zone its dates are shown in. */
  timeZone: string;
  status: string;
  version: number;
}

/** true when this snapshot is now the stored one (false for an older or equal version). */
export async function upsertEvent(em: EntityManager, event: EventSnapshot): Promise<boolean> {
  const rows = await em.execute(
    `insert into event (id, organisation_id, name, translations, starts_at, ends_at, address, city, postal_code, country, time_zone, status, version)
     values (?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (id) do update set organisation_id = excluded.organisation_id, name = excluded.name,
       translations = excluded.translations, starts_at = excluded.starts_at, ends_at = excluded.ends_at,
       address = excluded.address, city = excluded.city, postal_code = excluded.postal_code, country = excluded.country,
       time_zone = excluded.time_zone, status = excluded.status, version = excluded.version
     where event.version < excluded.version
     returning id`,
    [
      event.id,
      event.organisationId,
      event.name,
      JSON.stringify(event.translations),
      event.startsAt,
      event.endsAt,
      event.address,
      event.city,
      event.postalCode,
      event.country,
      event.timeZone,
      event.status,
      event.version,
    ],
  );
  return rows.length > 0;
}

/** The known events among `ids`, by id. */
export async function loadEvents(em: EntityManager, ids: readonly string[]): Promise<Map<string, EventRow>> {
  if (ids.length === 0) return new Map();
  const rows = await em.find(EventEntity, { id: { $in: [...new Set(ids)] } });
  return new Map(rows.map((row) => [row.id, row]));
}

/** Whether the event is the organisation's: its projection says so, or (not projected yet) a ticket of the organisation grants it. */
export async function isEventOfOrganisation(
  em: EntityManager,
  organisationId: string,
  eventId: string,
): Promise<boolean> {
  const event = await em.findOne(EventEntity, { id: eventId }, { fields: ['organisationId'] });
  if (event) return event.organisationId === organisationId;
  const rows = await em.execute(
    `select 1 from ticket_access a join ticket t on t.id = a.ticket_id where a.event_id = ? and t.organisation_id = ? limit 1`,
    [eventId, organisationId],
  );
  return rows.length > 0;
}
