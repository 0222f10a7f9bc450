import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A user's membership of an organisation; (organisation, user) is unique. The e-mail address is the user's. */
export const MemberEntity = defineEntity({
  name: 'Member',
  tableName: 'members',
  properties: (p) => ({
    id: p.string().primary(),
    organisationId: p.string(),
    userId: p.string(),
    firstName: p.string(),
    lastName: p.string(),
    permissions: p.array(),
    joinedAt: p.datetime(),
    updatedAt: p.datetime(),
  }),
});
export type Member = InferEntity<typeof MemberEntity>;
