import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A provider's account linked to a user: (provider, subject) is unique and stays linked when the e-mail address changes. */
export const UserIdentityEntity = defineEntity({
  name: 'UserIdentity',
  tableName: 'user_identities',
  properties: (p) => ({
    id: p.string().primary(),
    provider: p.string(),
    subject: p.string(),
    userId: p.string().index(),
    createdAt: p.datetime(),
    lastSignInAt: p.datetime(),
  }),
});
export type UserIdentity = InferEntity<typeof UserIdentityEntity>;
