import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** catalog's ticket option; `removed` once deleted (or its event removed). */
export const TicketOptionEntity = defineEntity({
  name: 'TicketOption',
  tableName: 'ticket_option',
  properties: (p) => ({
    id: p.string().primary(),
    eventId: p.string(),
    organisationId: p.string(),
    /** Shown on order lines when the item has no name of its own. */
    name: p.string(),
    /** null = unlimited. */
    capacity: p.integer().nullable(),
    removed: p.boolean(),
    version: p.integer(),
  }),
});
export type TicketOptionRow = InferEntity<typeof TicketOptionEntity>;
