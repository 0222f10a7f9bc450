import { defineEntity, type InferEntity } from '@mikro-orm/core';
import type { PropertyChanges } from '../domain/history';

export const HistoryEntryEntity = defineEntity({
  name: 'HistoryEntry',
  tableName: 'history_entry',
  properties: (p) => ({
    id: p.string().primary(),
    organisationId: p.string(),
    /** The entity changed: evt_…, tko_…, shp_…, itm_… or dsc_…. */
    entityId: p.string(),
    /** The event or shop it belongs to, so an event's history includes its ticket options' and a shop's its items' and codes'. */
    groupId: p.string(),
    action: p.string(),
    properties: p.json<PropertyChanges>(),
    /** null for the system (the automatic end, a shop opening or closing). */
    actorUserId: p.string().nullable(),
    occurredAt: p.datetime(),
  }),
});
export type HistoryEntry = InferEntity<typeof HistoryEntryEntity>;
