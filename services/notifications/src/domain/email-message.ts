import type { Locale } from '@kassa/contracts/locales';
import { FailedPreconditionError } from '@kassa/platform/errors';
import { canTransition, statusAfterReport, type EmailDeliveryStatus, type EmailStatus } from './email-status';

/** Every e-mail the service knows how to render. */
export type TemplateName =
  | 'signin-code'
  | 'waitlist-confirmation'
  | 'contact-message'
  | 'member-invitation'
  | 'order-refunded'
  | 'order-notice'
  | 'order-confirmation';

/**
 * Why a message was sent (Message.purpose): one per template, except that an order confirmation sent again by the
 * organiser is a 'resend'.
 */
export type MessagePurpose =
  'sign-in' | 'waitlist' | 'contact' | 'invitation' | 'refund' | 'order-notice' | 'confirmation' | 'resend';

const purposeOfTemplate: Record<TemplateName, MessagePurpose> = {
  'signin-code': 'sign-in',
  'waitlist-confirmation': 'waitlist',
  'contact-message': 'contact',
  'member-invitation': 'invitation',
  'order-refunded': 'refund',
  'order-notice': 'order-notice',
  'order-confirmation': 'confirmation',
};

/** The purpose a template's message has unless told otherwise. */
/** Every template, e.g. to label metrics. */
export const TEMPLATE_NAMES = Object.keys(purposeOfTemplate) as TemplateName[];

export function defaultPurpose(template: TemplateName): MessagePurpose {
  return purposeOfTemplate[template];
}

/**
 * An e-mail message. `sealedPayload` holds what the template needs (sealed, because it can contain a
 * one-time code) only until the message leaves the 'created' status; after that it is cleared so
 * nothing secret stays at rest.
 */
export interface EmailMessage {
  id: string;
  template: TemplateName;
  recipient: string;
  locale: Locale;
  /** The subject as recorded; a secret in the subject line (a sign-in code) is masked here. */
  subject: string;
  /** What the message is about: 'sic_…', 'inv_…', 'ord_…', 'usr_…'. */
  subjectRef: string;
  /**
   * At most one message per key (a unique index), for mails that must go out once per fact whatever route the
   * fact arrives by, e.g. 'order-refunded-ref_…'; null when the inbox alone decides.
   */
  dedupeKey: string | null;
  /** The organisation it was sent for ('org_…'); null for platform mail (sign-in codes, waitlist, contact). */
  organisationId: string | null;
  purpose: MessagePurpose;
  /** File names of what is attached (tickets PDF, QR images, Wallet passes); what went out once it is sent. */
  attachments: string[];
  /**
   * The Message-ID the mail server was given (without angle brackets), recorded on send, so that a provider's delivery
   * events can be matched to the message.
   */
  providerMessageId: string | null;
  status: EmailStatus;
  sealedPayload: string | null;
  attempts: number;
  createdAt: Date;
  updatedAt: Date;
}

/** One entry of a message's status history. */
export interface StatusChange {
  status: EmailDeliveryStatus;
  occurredAt: Date;
  detail: string;
}

export interface NewEmailMessage {
  id: string;
  template: TemplateName;
  recipient: string;
  locale: Locale;
  subject: string;
  subjectRef: string;
  dedupeKey?: string | null;
  organisationId?: string | null;
  /** defaultPurpose(template) when not given. */
  purpose?: MessagePurpose;
  attachments?: string[];
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
    organisationId: input.organisationId ?? null,
    purpose: input.purpose ?? defaultPurpose(input.template),
    attachments: input.attachments ?? [],
    providerMessageId: null,
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
export function changeStatus(message: EmailMessage, to: EmailDeliveryStatus, now: Date, detail = ''): StatusChange {
  if (!canTransition(message.status, to)) {
    throw new FailedPreconditionError(`An e-mail in status ${message.status} cannot become ${to}`);
  }
  if (message.status === 'created') message.sealedPayload = null;
  message.status = to;
  message.updatedAt = now;
  return { status: to, occurredAt: now, detail };
}

/**
 * Records what the mail provider reported (a delivery event): the history always gets the entry, the current status
 * moves only to a higher-ranked one (see statusAfterReport). A report about a message we had not marked as handed over
 * yet (the provider was quicker than our own bookkeeping) also ends its 'created' state, payload included.
 */
export function reportStatus(
  message: EmailMessage,
  reported: EmailDeliveryStatus,
  occurredAt: Date,
  detail: string,
  now: Date,
): { change: StatusChange; statusChanged: boolean } {
  const next = statusAfterReport(message.status, reported);
  const statusChanged = next !== message.status;
  if (statusChanged) {
    if (message.status === 'created') message.sealedPayload = null;
    message.status = next;
    message.updatedAt = now;
  }
  return { change: { status: reported, occurredAt, detail }, statusChanged };
}
