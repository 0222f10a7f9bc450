import { defineEntity, type InferEntity } from '@mikro-orm/core';
import type { Translation } from '../domain/translations';

export const TicketOptionEntity = defineEntity({
  name: 'TicketOption',
  tableName: 'ticket_option',
  properties: (p) => ({
    id: p.string().primary(),
    eventId: p.string(),
    /** Copied from the event so that every lookup can be scoped by organisation without a join. */
    organisationId: p.string(),
    name: p.string(),
    description: p.text(),
    /** null = unlimited. */
    capacity: p.integer().nullable(),
    translations: p.json<Translation[]>(),
    version: p.integer(),
    createdAt: p.datetime(),
  }),
});
export type TicketOption = InferEntity<typeof TicketOptionEntity>;
