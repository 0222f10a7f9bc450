import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A quota: keyed by the ticket option's or event's id; capacity null = unlimited. See domain/quota.ts. */
export const QuotaEntity = defineEntity({
  name: 'Quota',
  tableName: 'quota',
  properties: (p) => ({
    id: p.string().primary(),
    kind: p.string(),
    capacity: p.integer().nullable(),
    bucketCount: p.integer(),
  }),
});
export type QuotaRow = InferEntity<typeof QuotaEntity>;

/** One bucket of a quota: its share of the capacity and its own counts. */
export const QuotaBucketEntity = defineEntity({
  name: 'QuotaBucket',
  tableName: 'quota_bucket',
  properties: (p) => ({
    quotaId: p.string().primary(),
    bucket: p.integer().primary(),
    capacity: p.integer().nullable(),
    sold: p.integer(),
    reserved: p.integer(),
    /** max(0, sold + reserved − capacity) when the capacity was lowered; kept by a trigger, only ever shrinks with the counts. */
    overdraft: p.integer(),
  }),
});
export type QuotaBucketRow = InferEntity<typeof QuotaBucketEntity>;
