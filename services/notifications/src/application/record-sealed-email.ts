import { type Locale, toLocale } from '@kassa/contracts/locales';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sealString } from '@kassa/platform/crypto';
import { newId } from '@kassa/platform/ids';
import { createEmailMessage, type EmailMessage, type MessagePurpose, type TemplateName } from '../domain/email-message';
import { EmailMessageEntity } from '../persistence/email-message.entity';
import { type TemplatePayloads, recordedSubject } from '../templates/render-email';
import type { AcceptedMessage } from './accept-sign-in-code-request';
import type { OrderRecipient } from './order-recipient';

export interface SealedEmail<T extends TemplateName> {
  template: T;
  recipient: string;
  locale: Locale;
  subjectRef: string;
  /** At most one message per key (see EmailMessage.dedupeKey); a second insert fails on the unique index. */
  dedupeKey?: string;
  /** The organisation it is sent for ('org_…'); leave out for platform mail. */
  organisationId?: string;
  /** The template's own purpose when not given (see defaultPurpose). */
  purpose?: MessagePurpose;
  /** File names it will go out with. */
  attachments?: string[];
  /** What the template needs; sealed at rest until the message leaves 'created'. */
  payload: TemplatePayloads[T];
  /** The subject as recorded; recordedSubject(template, locale, payload) when not given. */
  subject?: string;
  sealingKey: Buffer;
  now: Date;
}

/**
 * An e-mail to the guest about their order, once per dedupe key: the message already recorded under the key, or a new
 * one in status 'created' within the caller's transaction, in the order's language and listed with the order's other
 * mails on the organiser's order page (subjectRef and organisation).
 */
export async function recordOrderEmailOnce<T extends TemplateName>(
  em: EntityManager,
  to: OrderRecipient & { locale: string },
  message: { template: T; dedupeKey: string; payload: TemplatePayloads[T] },
  deps: { sealingKey: Buffer; now?: () => Date },
): Promise<AcceptedMessage> {
  const existing = await em.findOne(EmailMessageEntity, { dedupeKey: message.dedupeKey }, { fields: ['id'] });
  if (existing) return { created: false, messageId: existing.id };
  const messageId = recordSealedEmail(em, {
    ...message,
    recipient: to.email,
    locale: toLocale(to.locale),
    subjectRef: to.orderId,
    organisationId: to.organisationId,
    sealingKey: deps.sealingKey,
    now: deps.now?.() ?? new Date(),
  });
  return { messageId, created: true };
}

/** Persists a new message in status 'created' within the caller's transaction; its id. */
export function recordSealedEmail<T extends TemplateName>(em: EntityManager, email: SealedEmail<T>): string {
  return recordSealedMessage(em, email).id;
}

/** recordSealedEmail, answering the whole message (for an API that returns it). */
export function recordSealedMessage<T extends TemplateName>(em: EntityManager, email: SealedEmail<T>): EmailMessage {
  const message = createEmailMessage({
    id: newId('msg'),
    template: email.template,
    recipient: email.recipient,
    locale: email.locale,
    subject: email.subject ?? recordedSubject(email.template, email.locale, email.payload),
    subjectRef: email.subjectRef,
    dedupeKey: email.dedupeKey ?? null,
    organisationId: email.organisationId ?? null,
    purpose: email.purpose,
    attachments: email.attachments,
    sealedPayload: sealString(email.sealingKey, JSON.stringify(email.payload)),
    now: email.now,
  });
  em.persist(em.create(EmailMessageEntity, message));
  return message;
}
