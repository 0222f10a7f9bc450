import type { Locale } from '@kassa/contracts/locales';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sealString } from '@kassa/platform/crypto';
import { newId } from '@kassa/platform/ids';
import { createEmailMessage, type EmailMessage, type MessagePurpose, type TemplateName } from '../domain/email-message';
import { EmailMessageEntity } from '../persistence/email-message.entity';
import { type TemplatePayloads, recordedSubject } from '../templates/render-email';

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
