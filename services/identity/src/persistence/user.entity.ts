import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const UserEntity = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: (p) => ({
    id: p.string().primary(),
    email: p.string().unique(),
    displayName: p.string(),
    locale: p.string(),
    createdAt: p.datetime(),
  }),
});
export type User = InferEntity<typeof UserEntity>;
