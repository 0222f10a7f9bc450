import { toLocale } from '@kassa/contracts/locales';
import { EMAIL_MAX_LENGTH, isEmailAddress } from '@kassa/contracts/email-address';
import type { EntityManager } from '@mikro-orm/postgresql';
import { openString } from '@kassa/platform/crypto';
import { Violations } from '@kassa/platform/errors';
import type { MemberInvited } from '@kassa/proto/identity/events/v1/organisations';
import { type MemberInvitationPayload, recordedSubject } from '../templates/render-email';
import type { AcceptedMessage } from './accept-sign-in-code-request';
import { recordSealedEmail } from './record-sealed-email';

export interface AcceptMemberInvitationDeps {
  sealingKey: Buffer;
  now?: () => Date;
}

/**
 * Records the invitation e-mail in status 'created', inside the consumer's transaction. Every MemberInvited is one
 * e-mail (a re-invite carries a fresh link, so it is a new message; a redelivery of the same event is stopped by the
 * inbox). The token is opened only to be sealed again with the rest of what the template needs.
 */
export async function acceptMemberInvitation(
  em: EntityManager,
  event: MemberInvited,
  deps: AcceptMemberInvitationDeps,
): Promise<AcceptedMessage> {
  const v = new Violations();
  const invitationId = v.id('invitationId', event.invitationId, 'inv');
  const email = v.string('email', event.email, {
    label: 'E-mail',
    required: true,
    maxLength: EMAIL_MAX_LENGTH,
    check: isEmailAddress,
  });
  v.string('sealedToken', event.sealedToken, { label: 'Sealed token', required: true });
  v.string('organisationName', event.organisationName, { label: 'Organisation', required: true });
  v.throwIfAny();

  const payload: MemberInvitationPayload = {
    token: openString(deps.sealingKey, event.sealedToken),
    organisationName: event.organisationName.trim(),
    invitedBy: event.invitedBy.trim() || event.organisationName.trim(),
    firstName: event.firstName.trim(),
    email,
    expiresAt: (event.expiresAt ?? new Date(0)).toISOString(),
  };
  const locale = toLocale(event.locale);
  const messageId = recordSealedEmail(em, {
    template: 'member-invitation',
    recipient: email,
    locale,
    subject: recordedSubject('member-invitation', locale, payload),
    subjectRef: invitationId,
    payload,
    sealingKey: deps.sealingKey,
    now: deps.now?.() ?? new Date(),
  });
  return { messageId, created: true };
}
