import { defineEntity, type InferEntity } from '@mikro-orm/core';
import type { Translation } from '../domain/translations';

export const EventEntity = defineEntity({
  name: 'Event',
  tableName: 'event',
  properties: (p) => ({
    id: p.string().primary(),
    organisationId: p.string(),
    name: p.string(),
    description: p.text(),
    startsAt: p.datetime(),
    endsAt: p.datetime(),
    status: p.string(),
    /** null = unlimited. */
    ticketLimit: p.integer().nullable(),
    translations: p.json<Translation[]>(),
    address: p.string(),
    city: p.string(),
    postalCode: p.string(),
    country: p.string(),
    /** IANA zone its dates are shown and edited in. */
    timeZone: p.string(),
    version: p.integer(),
    createdAt: p.datetime(),
    deletedAt: p.datetime().nullable(),
    removalAt: p.datetime().nullable(),
  }),
});
export type CatalogEvent = InferEntity<typeof EventEntity>;
