import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@kassa/platform/outbox';
import { MemberChanged } from '@kassa/proto/identity/events/v1/organisations';
import type { Member } from '../persistence/member.entity';
import { IDENTITY_SUBJECTS } from './subjects';

const SUBJECT = {
  joined: IDENTITY_SUBJECTS.memberJoined,
  updated: IDENTITY_SUBJECTS.memberUpdated,
  removed: IDENTITY_SUBJECTS.memberRemoved,
} as const;

/** A membership after the change (no permissions once removed), keyed by organisation so its changes stay in order. */
export function publishMemberChanged(
  em: EntityManager,
  verb: keyof typeof SUBJECT,
  member: Member,
  actorUserId: string,
  now: Date,
): void {
  addToOutbox(em, {
    subject: SUBJECT[verb],
    type: MemberChanged,
    message: {
      memberId: member.id,
      organisationId: member.organisationId,
      userId: member.userId,
      permissions: verb === 'removed' ? [] : [...member.permissions],
      actorUserId,
      occurredAt: now,
    },
    key: member.organisationId,
  });
}
