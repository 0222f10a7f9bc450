import { sealString, sha256Hex } from '@kassa/platform/crypto';
import { newId } from '@kassa/platform/ids';
import { enforceRateLimit } from '@kassa/platform/ratelimit';
import type { SendContactMessageRequest } from '@kassa/proto/notifications/v1/notifications';
import { createEmailMessage } from '../domain/email-message';
import { checkContactMessage, CONTACT_LIMIT_PER_ADDRESS, CONTACT_LIMIT_PER_IP } from '../domain/public-forms';
import { EmailMessageEntity } from '../persistence/email-message.entity';
import { recordedSubject, type ContactMessagePayload } from '../templates/render-email';
import { enqueueAfterCommit, type PublicFormsContext } from './public-forms-context';

/**
 * Accepts a contact form message for the operators' inbox (CONTACT_INBOX), answered by replying to it.
 * The visitor's words are sealed in the message row until it is sent, then dropped with the payload:
 * the operators' mailbox is where the conversation lives, not our database.
 */
export async function sendContactMessage(
  ctx: PublicFormsContext,
  request: SendContactMessageRequest,
): Promise<{ messageId: string }> {
  const contact = checkContactMessage(request);
  await enforceRateLimit(ctx.rateLimiter, `contact-ip-${request.clientIp || 'unknown'}`, CONTACT_LIMIT_PER_IP);
  await enforceRateLimit(ctx.rateLimiter, `contact-address-${sha256Hex(contact.email)}`, CONTACT_LIMIT_PER_ADDRESS);

  const payload: ContactMessagePayload = {
    name: contact.name,
    email: contact.email,
    message: contact.message,
    visitorLocale: contact.locale,
  };
  const message = createEmailMessage({
    id: newId('msg'),
    template: 'contact-message',
    recipient: ctx.contactInbox,
    // Operators read English; the visitor's language travels in the payload.
    locale: 'en',
    subject: recordedSubject('contact-message', 'en'),
    subjectRef: newId('ctm'),
    sealedPayload: sealString(ctx.sealingKey, JSON.stringify(payload)),
    now: ctx.now(),
  });
  await ctx.orm.em.fork().transactional(async (em) => {
    em.persist(em.create(EmailMessageEntity, message));
  });

  await enqueueAfterCommit(ctx, message.id);
  ctx.logger.info({ messageId: message.id }, 'contact message accepted');
  return { messageId: message.id };
}
