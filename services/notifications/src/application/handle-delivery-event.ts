import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UnauthenticatedError } from '@kassa/platform/errors';
import { addToOutbox } from '@kassa/platform/outbox';
import type { HandleDeliveryEventRequest } from '@kassa/proto/notifications/v1/notifications';
import { EmailStatusChanged } from '@kassa/proto/notifications/events/v1/events';
import { type DeliveryReport, parseDeliveryEvents, verifyDeliverySignature } from '../domain/delivery-event';
import { type EmailMessage, reportStatus } from '../domain/email-message';
import { EmailMessageEntity } from '../persistence/email-message.entity';
import type { OrderMessagesContext } from './order-messages-context';

/**
 * The mail provider's delivery events (SES event publishing), forwarded by the BFF with the raw body and its
 * "Kassa-Signature". Nothing is read before the signature holds (UNAUTHENTICATED otherwise); a batch with one bad
 * record is refused whole (INVALID_ARGUMENT). Each event is applied once per event id, in its own transaction: the
 * message's history gets the entry, its status moves only forward (see statusAfterReport), and a change of status is
 * published. An event about a message we do not know (another system's mail, or one long gone) is acknowledged and
 * ignored, so the provider does not retry it forever. Answers how many events were applied.
 */
export async function handleDeliveryEvent(
  ctx: OrderMessagesContext,
  request: HandleDeliveryEventRequest,
): Promise<{ applied: number }> {
  const body = Buffer.from(request.rawBody);
  if (!ctx.webhookSecrets.some((secret) => verifyDeliverySignature(secret, body, request.signature, ctx.now()))) {
    throw new UnauthenticatedError('The delivery event signature is invalid');
  }
  const reports = parseDeliveryEvents(body);
  let applied = 0;
  for (const report of reports) {
    if (await applyReport(ctx, report)) applied += 1;
  }
  if (reports.length > 0) ctx.logger.info({ received: reports.length, applied }, 'delivery events handled');
  return { applied };
}

async function applyReport(ctx: OrderMessagesContext, report: DeliveryReport): Promise<boolean> {
  return ctx.orm.em.fork().transactional(async (em) => {
    const message = await findReportedMessage(em, report);
    if (!message) return false;
    // The event id decides "once": a replay inserts nothing and changes nothing.
    const inserted = await em.execute<{ id: number }[]>(
      `insert into email_status_change (message_id, status, detail, occurred_at, event_id) values (?, ?, ?, ?, ?)
       on conflict (event_id) where event_id is not null do nothing returning id`,
      [message.id, report.status, report.detail, report.occurredAt, report.eventId],
    );
    if (inserted.length === 0) return false;
    const now = ctx.now();
    const { statusChanged } = reportStatus(message, report.status, report.occurredAt, report.detail, now);
    if (statusChanged) {
      addToOutbox(em, {
        subject: ctx.statusChangedSubject,
        type: EmailStatusChanged,
        message: {
          messageId: message.id,
          subjectRef: message.subjectRef,
          status: message.status,
          occurredAt: report.occurredAt,
        },
        key: message.id,
      });
    }
    return true;
  });
}

/** By our own id when the record carries it, else by the Message-ID the mailer recorded; locked for the update. */
async function findReportedMessage(em: EntityManager, report: DeliveryReport): Promise<EmailMessage | null> {
  if (report.kassaMessageId) {
    const ours = await em.findOne(
      EmailMessageEntity,
      { id: report.kassaMessageId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (ours) return ours;
  }
  if (report.providerMessageIds.length === 0) return null;
  return em.findOne(
    EmailMessageEntity,
    { providerMessageId: { $in: report.providerMessageIds } },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
}
