import type { EntityManager } from '@mikro-orm/postgresql';
import { sealString } from '@kassa/platform/crypto';
import { newId } from '@kassa/platform/ids';
import { createEmailMessage, type EmailLocale, type TemplateName } from '../domain/email-message';
import { EmailMessageEntity } from '../persistence/email-message.entity';
import { type TemplatePayloads, recordedSubject } from '../templates/render-email';

export interface SealedEmail<T extends TemplateName> {
  template: T;
  recipient: string;
  locale: EmailLocale;
  subjectRef: string;
  /** At most one message per key (see EmailMessage.dedupeKey); a second insert fails on the unique index. */
  dedupeKey?: string;
  /** What the template needs; sealed at rest until the message leaves 'created'. */
  payload: TemplatePayloads[T];
  /** The subject as recorded; recordedSubject(template, locale, payload) when not given. */
  subject?: string;
  sealingKey: Buffer;
  now: Date;
}

/** Persists a new message in status 'created' within the caller's transaction; its id. */
export function recordSealedEmail<T extends TemplateName>(em: EntityManager, email: SealedEmail<T>): string {
  const message = createEmailMessage({
    id: newId('msg'),
    template: email.template,
    recipient: email.recipient,
    locale: email.locale,
    subject: email.subject ?? recordedSubject(email.template, email.locale, email.payload),
    subjectRef: email.subjectRef,
    dedupeKey: email.dedupeKey ?? null,
    sealedPayload: sealString(email.sealingKey, JSON.stringify(email.payload)),
    now: email.now,
  });
  em.persist(em.create(EmailMessageEntity, message));
  return message.id;
}
