import { toLocale } from '@kassa/contracts/locales';
import { EMAIL_MAX_LENGTH, isEmailAddress } from '@kassa/contracts/email-address';
import type { EntityManager } from '@mikro-orm/postgresql';
import { openString } from '@kassa/platform/crypto';
import { Violations } from '@kassa/platform/errors';
import type { SignInCodeRequested } from '@kassa/proto/identity/events/v1/events';
import { EmailMessageEntity } from '../persistence/email-message.entity';
import type { SignInCodePayload } from '../templates/render-email';
import { recordSealedEmail } from './record-sealed-email';

export interface AcceptSignInCodeRequestDeps {
  sealingKey: Buffer;
  now?: () => Date;
}

/** What a consumer's event became: a new message to send, or nothing new to send. */
export type AcceptedMessage =
  | { created: true; messageId: string }
  /** A message for this fact already existed (its id), or the event calls for no e-mail (`skipped` says why). */
  | { created: false; messageId?: string; skipped?: string };

/**
 * Records the sign-in code e-mail in status 'created', inside the caller's transaction (the consumer's,
 * with its inbox row). The code is opened only to be sealed again with what the template needs; neither
 * the code nor the rendered body is stored in the clear.
 */
export async function acceptSignInCodeRequest(
  em: EntityManager,
  event: SignInCodeRequested,
  deps: AcceptSignInCodeRequestDeps,
): Promise<AcceptedMessage> {
  const v = new Violations();
  const challengeId = v.id('challengeId', event.challengeId, 'sic');
  const email = v.string('email', event.email, {
    label: 'E-mail',
    required: true,
    maxLength: EMAIL_MAX_LENGTH,
    check: isEmailAddress,
  });
  v.string('sealedCode', event.sealedCode, { label: 'Sealed code', required: true });
  v.throwIfAny();

  const existing = await em.findOne(
    EmailMessageEntity,
    { template: 'signin-code', subjectRef: challengeId },
    { fields: ['id'] },
  );
  if (existing) return { messageId: existing.id, created: false };

  const payload: SignInCodePayload = {
    code: openString(deps.sealingKey, event.sealedCode),
    newAccount: event.newAccount,
    displayName: event.displayName.trim(),
    expiresAt: event.expiresAt?.toISOString(),
  };
  const messageId = recordSealedEmail(em, {
    template: 'signin-code',
    recipient: email,
    locale: toLocale(event.locale),
    subjectRef: challengeId,
    payload,
    sealingKey: deps.sealingKey,
    now: deps.now?.() ?? new Date(),
  });
  return { messageId, created: true };
}
