import type { StreamWaitingConsumer } from '@kassa/platform/messaging';
import { MemberInvited } from '@kassa/proto/identity/events/v1/organisations';
import { acceptMemberInvitation } from '../application/accept-member-invitation';
import { type IdentityConsumerOptions, startIdentityEmailConsumer } from './email-request.consumer';
import { subjects } from './subjects';

export const MEMBER_INVITED_DURABLE = 'notifications-member-invited';

/** identity's MemberInvited → an invitation e-mail in 'created', then a send job. */
export function startMemberInvitedConsumer(options: IdentityConsumerOptions): StreamWaitingConsumer {
  return startIdentityEmailConsumer(
    {
      durable: MEMBER_INVITED_DURABLE,
      subject: subjects.memberInvited,
      accept: (em, data, sealingKey) => acceptMemberInvitation(em, MemberInvited.decode(data), { sealingKey }),
    },
    options,
  );
}
