import { defineEntity, type InferEntity } from '@mikro-orm/core';
import type { NamedTranslation } from '../domain/event-name';

/** catalog's event as tickets show it (name and translations, when, where, status), with catalog's version. */
export const EventEntity = defineEntity({
  name: 'Event',
  tableName: 'event',
  properties: (p) => ({
    id: p.string().primary(),
    organisationId: p.string(),
    name: p.string(),
    translations: p.json<NamedTranslation[]>(),
    startsAt: p.datetime().nullable(),
    endsAt: p.datetime().nullable(),
    address: p.string(),
    city: p.string(),
    postalCode: p.string(),
    country: p.string(),
    /** IANA zone its dates are shown in. */
    timeZone: p.string(),
    /** "draft", "live", "ended" or "deleted" (also after catalog removed it: its tickets still name it). */
    status: p.string(),
    version: p.integer(),
  }),
});
export type EventRow = InferEntity<typeof EventEntity>;
