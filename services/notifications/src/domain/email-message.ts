import { FailedPreconditionError } from '@kassa/platform/errors';
import { canTransition, type DeliveryStatus, type EmailStatus } from './email-status';

export type EmailLocale = 'en' | 'nl';
export const emailLocales: readonly EmailLocale[] = ['en', 'nl'];

/** Unknown or missing locales fall back to English, the platform's default language. */
export function toEmailLocale(value: string | undefined): EmailLocale {
  return value === 'nl' ? 'nl' : 'en';
}

/** Every e-mail the service knows how to render. */
export type TemplateName = 'signin-code' | 'waitlist-confirmation' | 'contact-message' | 'member-invitation' | 'order-refunded';

/**
 * An e-mail message. `sealedPayload` holds what the template needs (sealed, because it can contain a
 * one-time code) only until the message leaves the 'created' status; after that it is cleared so
 * nothing secret stays at rest.
 */
export interface EmailMessage {
  id: string;
  template: TemplateName;
  recipient: string;
  locale: EmailLocale;
  /** The subject as recorded; a secret in the subject line (a sign-in code) is masked here. */
  subject: string;
  /** What the message is about: 'sic_…', 'inv_…', 'ord_…', 'usr_…'. */
  subjectRef: string;
  /**
   * At most one message per key (a unique index), for mails that must go out once per fact whatever route the
   * fact arrives by, e.g. 'order-refunded-ref_…'; null when the inbox alone decides.
   */
  dedupeKey: string | null;
  status: EmailStatus;
  sealedPayload: string | null;
  attempts: number;
  createdAt: Date;
  updatedAt: Date;
}

/** One entry of a message's status history. */
export interface StatusChange {
  status: DeliveryStatus;
  occurredAt: Date;
  detail: string;
}

export interface NewEmailMessage {
  id: string;
  template: TemplateName;
  recipient: string;
  locale: EmailLocale;
  subject: string;
  subjectRef: string;
  dedupeKey?: string | null;
  sealedPayload: string;
  now: Date;
}

export function createEmailMessage(input: NewEmailMessage): EmailMessage {
  return {
    id: input.id,
    template: input.template,
    recipient: input.recipient,
    locale: input.locale,
    subject: input.subject,
    subjectRef: input.subjectRef,
    dedupeKey: input.dedupeKey ?? null,
    status: 'created',
    sealedPayload: input.sealedPayload,
    attempts: 0,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/** Only a message that was never handed to SMTP may be sent (this makes sending idempotent). */
export function isAwaitingSend(message: Pick<EmailMessage, 'status'>): boolean {
  return message.status === 'created';
}

export function recordAttempt(message: EmailMessage, now: Date): void {
  message.attempts += 1;
  message.updatedAt = now;
}

/**
 * Moves the message to `to` and returns the history entry to store with it. Leaving 'created' drops
 * the sealed payload: once the mail is sent, or will never be, the code has no reason to stay.
 */
export function changeStatus(message: EmailMessage, to: DeliveryStatus, now: Date, detail = ''): StatusChange {
  if (!canTransition(message.status, to)) {
    throw new FailedPreconditionError(`An e-mail in status ${message.status} cannot become ${to}`);
  }
  if (message.status === 'created') message.sealedPayload = null;
  message.status = to;
  message.updatedAt = now;
  return { status: to, occurredAt: now, detail };
}
