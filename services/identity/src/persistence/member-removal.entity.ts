import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A membership that was removed; kept so that a repeated RemoveMember succeeds again rather than answering NOT_FOUND. */
export const MemberRemovalEntity = defineEntity({
  name: 'MemberRemoval',
  tableName: 'member_removals',
  properties: (p) => ({
    memberId: p.string().primary(),
    organisationId: p.string(),
    userId: p.string(),
    removedByUserId: p.string(),
    removedAt: p.datetime(),
  }),
});
export type MemberRemoval = InferEntity<typeof MemberRemovalEntity>;
