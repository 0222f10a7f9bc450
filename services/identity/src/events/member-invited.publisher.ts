import type { EntityManager } from '@mikro-orm/core';
import { sealString } from '@kassa/platform/crypto';
import { addToOutbox } from '@kassa/platform/outbox';
import { MemberInvited } from '@kassa/proto/identity/events/v1/organisations';
import type { Invitation } from '../persistence/invitation.entity';
import { IDENTITY_SUBJECTS } from './subjects';

/**
 * Asks notifications to e-mail the link; the token travels sealed, as the sign-in code does, so it is readable neither
 * in the outbox nor in the stream.
 */
export function publishMemberInvited(
  em: EntityManager,
  sealingKey: Buffer,
  invitation: Invitation,
  organisationName: string,
  token: string,
): void {
  addToOutbox(em, {
    subject: IDENTITY_SUBJECTS.memberInvited,
    type: MemberInvited,
    message: {
      invitationId: invitation.id,
      organisationId: invitation.organisationId,
      organisationName,
      email: invitation.email,
      firstName: invitation.firstName,
      invitedBy: invitation.invitedByName,
      sealedToken: sealString(sealingKey, token),
      locale: invitation.locale,
      expiresAt: invitation.expiresAt,
    },
    key: invitation.id,
  });
}
