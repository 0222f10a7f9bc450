import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A tenant. `version` increases with every change so consumers of OrganisationChanged keep the newest. */
export const OrganisationEntity = defineEntity({
  name: 'Organisation',
  tableName: 'organisations',
  properties: (p) => ({
    id: p.string().primary(),
    name: p.string(),
    description: p.string(),
    currency: p.string(),
    defaultLocale: p.string(),
    timeZone: p.string(),
    version: p.integer(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  }),
});
export type Organisation = InferEntity<typeof OrganisationEntity>;
