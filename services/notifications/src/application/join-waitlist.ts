import { sealString, sha256Hex } from '@kassa/platform/crypto';
import { newId } from '@kassa/platform/ids';
import { enforceRateLimit } from '@kassa/platform/ratelimit';
import type { JoinWaitlistRequest } from '@kassa/proto/notifications/v1/notifications';
import { createEmailMessage } from '../domain/email-message';
import { checkWaitlistSignUp, WAITLIST_LIMIT_PER_ADDRESS, WAITLIST_LIMIT_PER_IP } from '../domain/public-forms';
import { EmailMessageEntity } from '../persistence/email-message.entity';
import { recordedSubject, type WaitlistConfirmationPayload } from '../templates/render-email';
import { enqueueAfterCommit, type PublicFormsContext } from './public-forms-context';

export interface JoinedWaitlist {
  /** The confirmation to send; undefined when the address was already on the list (nothing new is sent). */
  messageId?: string;
}

/**
 * Puts an address on the waitlist once and confirms it by e-mail. The caller learns nothing about
 * whether the address was there before: both cases answer the same, and the rate limits count both.
 * The waitlist row and its confirmation message commit together; the send job follows the commit.
 */
export async function joinWaitlist(ctx: PublicFormsContext, request: JoinWaitlistRequest): Promise<JoinedWaitlist> {
  const { email, locale } = checkWaitlistSignUp(request);
  await enforceRateLimit(ctx.rateLimiter, `waitlist-ip-${request.clientIp || 'unknown'}`, WAITLIST_LIMIT_PER_IP);
  await enforceRateLimit(ctx.rateLimiter, `waitlist-address-${sha256Hex(email)}`, WAITLIST_LIMIT_PER_ADDRESS);

  const now = ctx.now();
  const messageId = await ctx.orm.em.fork().transactional(async (em) => {
    const entryId = newId('wle');
    // The unique address decides, also between two requests racing for it: the loser inserts nothing.
    const inserted = await em.execute<{ id: string }[]>(
      'insert into waitlist_entry (id, email, locale, created_at) values (?, ?, ?, ?) on conflict (email) do nothing returning id',
      [entryId, email, locale, now],
    );
    if (inserted.length === 0) return undefined;
    const payload: WaitlistConfirmationPayload = {};
    const message = createEmailMessage({
      id: newId('msg'),
      template: 'waitlist-confirmation',
      recipient: email,
      locale,
      subject: recordedSubject('waitlist-confirmation', locale),
      subjectRef: entryId,
      sealedPayload: sealString(ctx.sealingKey, JSON.stringify(payload)),
      now,
    });
    em.persist(em.create(EmailMessageEntity, message));
    return message.id;
  });

  if (messageId) {
    await enqueueAfterCommit(ctx, messageId);
    ctx.logger.info({ messageId }, 'waitlist joined');
  }
  return { messageId };
}
