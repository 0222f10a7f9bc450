import { LockMode, raw } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { openString } from '@kassa/platform/crypto';
import { NotFoundError } from '@kassa/platform/errors';
import { crashPoint } from '@kassa/platform/lifecycle';
import type { Logger } from '@kassa/platform/logging';
import { addToOutbox } from '@kassa/platform/outbox';
import { checkoutFunnel } from '@kassa/platform/metrics';
import { EmailStatusChanged } from '@kassa/proto/notifications/events/v1/events';
import { changeStatus, isAwaitingSend, recordAttempt, type EmailMessage } from '../domain/email-message';
import { KASSA_MESSAGE_ID_HEADER, KASSA_MESSAGE_ID_TAG } from '../domain/delivery-event';
import type { EmailDeliveryStatus } from '../domain/email-status';
import type { WalletPassIssuer } from '../documents/wallet-pass';
import { emailKind, emails, isFunnelConfirmation } from '../metrics';
import { EmailMessageEntity } from '../persistence/email-message.entity';
import { EmailStatusChangeEntity } from '../persistence/email-status-change.entity';
import { renderTemplate, type RenderedEmail, type TemplatePayloads } from '../templates/render-email';
import type { Mailer } from './mailer.port';

export interface SendEmailDeps {
  orm: MikroORM;
  mailer: Mailer;
  sealingKey: Buffer;
  /** The From header, e.g. 'Kassa <no-reply@kassa.localhost>'. */
  from: string;
  /** The site's public address, linked from the mails. */
  siteUrl: string;
  /** Subject of EmailStatusChanged in the outbox. */
  statusChangedSubject: string;
  /** Signs Apple Wallet passes for order confirmations; without it, none are attached. */
  wallet?: WalletPassIssuer;
  /**
   * Why a message waiting to be sent should no longer go out (e.g. its order's tickets were voided meanwhile), or
   * undefined to send it. It is then recorded as 'notSent' with that reason.
   */
  reasonNotToSend?: (message: EmailMessage) => Promise<string | undefined>;
  logger: Logger;
  now?: () => Date;
}

export interface SendEmailAttempt {
  messageId: string;
  /** 1 on the first try. */
  attempt: number;
  /** On this attempt a failure is final: the message becomes 'notSent' instead of being retried. */
  maxAttempts: number;
}

export type SendEmailOutcome = 'send' | 'notSent' | 'renderingFailure' | 'alreadyHandled' | 'retrying';

/**
 * Renders and sends one message. Idempotent: a message no longer 'created' is left alone, so a
 * repeated job sends nothing. SMTP failures are rethrown (the job retries with backoff) until the
 * last attempt, which records 'notSent'. Every SMTP attempt is counted (kassa.emails) as it ends; an order's
 * confirmation reaches the funnel's "email_sent" when its 'send' is recorded, which happens once.
 */
export async function sendEmail(
  deps: SendEmailDeps,
  { messageId, attempt, maxAttempts }: SendEmailAttempt,
): Promise<SendEmailOutcome> {
  const now = deps.now ?? (() => new Date());
  const log = deps.logger.child({ messageId, attempt });
  const message = await deps.orm.em.fork().findOne(EmailMessageEntity, { id: messageId });
  // Not visible yet (or gone): throw so the job retries instead of completing without a mail.
  if (!message) throw new NotFoundError(`E-mail message ${messageId} not found`);
  if (!isAwaitingSend(message)) return 'alreadyHandled';

  let mail: RenderedEmail;
  try {
    const payload = JSON.parse(
      openString(deps.sealingKey, message.sealedPayload ?? ''),
    ) as TemplatePayloads[typeof message.template];
    // Only some mails lose their point with time (a sign-in code); the others have no expiry.
    const expiresAt = 'expiresAt' in payload ? payload.expiresAt : undefined;
    if (expiresAt && new Date(expiresAt) <= now()) {
      await finish(deps, messageId, 'notSent', 'expired before it could be sent', now());
      return 'notSent';
    }
    const obsolete = await deps.reasonNotToSend?.(message);
    if (obsolete) {
      await finish(deps, messageId, 'notSent', obsolete, now());
      return 'notSent';
    }
    mail = await renderTemplate(message.template, payload, {
      locale: message.locale,
      siteUrl: deps.siteUrl,
      wallet: deps.wallet,
      onOptionalPartFailed: (error, part) => log.error({ err: error, part }, 'optional part of the e-mail left out'),
    });
  } catch (error) {
    // Rendering is deterministic: a retry would fail the same way.
    log.error({ err: error }, 'e-mail could not be rendered');
    await finish(deps, messageId, 'renderingFailure', errorSummary(error), now());
    return 'renderingFailure';
  }

  const kind = emailKind(message.template);
  let handedToSmtp = false;
  try {
    const reply = await deps.mailer.send({
      from: deps.from,
      to: message.recipient,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      replyTo: mail.replyTo,
      // Our id travels three ways so that the provider's delivery events lead back to the message: our own header,
      // an SES message tag (SES reports tags with every event) and the Message-ID itself.
      headers: { [KASSA_MESSAGE_ID_HEADER]: message.id, 'X-SES-MESSAGE-TAGS': `${KASSA_MESSAGE_ID_TAG}=${message.id}` },
      messageId: messageIdHeader(message.id, deps.from),
      attachments: mail.attachments,
    });
    handedToSmtp = true;
    // Sent, not yet recorded: a crash here sends the message again after the restart (at-least-once at the SMTP edge).
    crashPoint('notifications.after-email-send-before-mark');
    emails.add(1, { kind, outcome: 'sent' });
    const recorded = await finish(deps, messageId, 'send', reply.response.slice(0, 200), now(), {
      providerMessageId: stripBrackets(reply.messageId) || stripBrackets(messageIdHeader(message.id, deps.from)),
      attachments: (mail.attachments ?? []).map((attachment) => attachment.filename),
    });
    if (recorded && isFunnelConfirmation(message)) checkoutFunnel.count('email_sent');
    log.info({ template: message.template }, 'e-mail handed to SMTP');
    return 'send';
  } catch (error) {
    // A failure after the hand-over (recording it) is no SMTP failure.
    if (!handedToSmtp) emails.add(1, { kind, outcome: 'failed' });
    if (attempt >= maxAttempts) {
      log.error({ err: error, maxAttempts }, 'e-mail not sent; giving up');
      await finish(deps, messageId, 'notSent', errorSummary(error), now());
      return 'notSent';
    }
    await countFailedAttempt(deps.orm.em.fork(), messageId, now());
    log.warn({ err: error, maxAttempts }, 'e-mail not sent; will retry');
    throw error;
  }
}

/**
 * One transaction: the status, its history row, the cleared payload and the EmailStatusChanged event.
 * The row is locked and re-checked, so two workers racing on one message record one outcome. Returns whether this
 * call recorded it (committed when it returns).
 */
async function finish(
  deps: SendEmailDeps,
  messageId: string,
  status: EmailDeliveryStatus,
  detail: string,
  at: Date,
  sent?: { providerMessageId: string; attachments: string[] },
): Promise<boolean> {
  return deps.orm.em.fork().transactional(async (em) => {
    const message = await em.findOne(EmailMessageEntity, { id: messageId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!message || !isAwaitingSend(message)) return false;
    recordAttempt(message, at);
    if (sent) {
      message.providerMessageId = sent.providerMessageId;
      // What actually went out (a Wallet pass that could not be signed is not there).
      message.attachments = sent.attachments;
    }
    recordStatusChange(em, message, status, detail, at, deps.statusChangedSubject);
    return true;
  });
}

function recordStatusChange(
  em: EntityManager,
  message: EmailMessage,
  status: EmailDeliveryStatus,
  detail: string,
  at: Date,
  subject: string,
): void {
  const change = changeStatus(message, status, at, detail);
  em.create(EmailStatusChangeEntity, { messageId: message.id, ...change });
  addToOutbox(em, {
    subject,
    type: EmailStatusChanged,
    message: {
      messageId: message.id,
      subjectRef: message.subjectRef,
      status: change.status,
      occurredAt: change.occurredAt,
    },
    key: message.id,
  });
}

async function countFailedAttempt(em: EntityManager, messageId: string, at: Date): Promise<void> {
  await em.nativeUpdate(
    EmailMessageEntity,
    { id: messageId, status: 'created' },
    { attempts: raw('attempts + 1'), updatedAt: at },
  );
}

/** "<msg_…@kassa.localhost>": a Message-ID that is unique (our id) and names our own domain, as RFC 5322 asks. */
export function messageIdHeader(messageId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'kassa.localhost';
  return `<${messageId}@${domain}>`;
}

function stripBrackets(value: string): string {
  return value.trim().replace(/^<(.*)>$/, '$1');
}

/** A short reason for the history; SMTP errors name the code and reply, never the body. */
function errorSummary(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: string }).code;
    return `${code ? `${code}: ` : ''}${error.message}`.slice(0, 200);
  }
  return String(error).slice(0, 200);
}
