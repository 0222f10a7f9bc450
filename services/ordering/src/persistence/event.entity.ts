import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** catalog's event, as far as selling needs it; status 'removed' is a tombstone that outranks late snapshots. */
export const EventEntity = defineEntity({
  name: 'Event',
  tableName: 'event',
  properties: (p) => ({
    id: p.string().primary(),
    organisationId: p.string(),
    status: p.string(),
    /** Shown on the dashboard. */
    name: p.string(),
    startsAt: p.datetime().nullable(),
    endsAt: p.datetime(),
    /** null = unlimited. */
    ticketLimit: p.integer().nullable(),
    version: p.integer(),
  }),
});
export type EventRow = InferEntity<typeof EventEntity>;
