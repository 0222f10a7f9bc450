import type { CallContext } from '@kassa/platform/grpc';
import { openString } from '@kassa/platform/crypto';
import { FailedPreconditionError, messages, NotFoundError, Violations } from '@kassa/platform/errors';
import type { ResendOrderConfirmationRequest } from '@kassa/proto/notifications/v1/notifications';
import type { EmailMessage } from '../domain/email-message';
import { IDEMPOTENCY_KEY_PATTERN } from '@kassa/contracts/idempotency-key';
import {
  confirmationAttachmentNames,
  isVoided,
  type OrderConfirmationSnapshot,
  resendDedupeKey,
} from '../domain/order-confirmation';
import { EmailMessageEntity } from '../persistence/email-message.entity';
import { findOrderConfirmation } from '../persistence/order-confirmation.repository';
import { type MessageWithHistory, withHistory } from './list-messages';
import { ORDERS_MANAGE, type OrderMessagesContext } from './order-messages-context';
import { recordSealedMessage } from './record-sealed-email';

export const NO_TICKETS_YET = 'The order has no tickets yet';
export const TICKETS_VOIDED = "The order's tickets were canceled";

/**
 * Sends the order's confirmation again, as it was issued, to the order's address: a new message with purpose
 * "resend". Permission "orders.manage". Idempotent per (order, idempotency key): a retried click answers the message
 * the first one made. FAILED_PRECONDITION while no tickets were issued and once they were voided; NOT_FOUND for an
 * order of another organisation.
 */
export async function resendOrderConfirmation(
  ctx: OrderMessagesContext & { walletPasses: boolean },
  call: Pick<CallContext, 'actor'>,
  request: ResendOrderConfirmationRequest,
): Promise<{ message: MessageWithHistory; created: boolean }> {
  const v = new Violations();
  const organisationId = v.id('organisationId', request.organisationId, 'org');
  const orderId = v.id('orderId', request.orderId, 'ord');
  if (request.idempotencyKey === '') v.add('idempotencyKey', messages.required('Idempotency key'));
  else if (!IDEMPOTENCY_KEY_PATTERN.test(request.idempotencyKey))
    v.add('idempotencyKey', messages.invalid('Idempotency key'));
  v.throwIfAny();
  await ctx.authorizer.authorize(call, organisationId, ORDERS_MANAGE);

  const em = ctx.orm.em.fork();
  const outcome = await em.transactional(async (tx): Promise<{ message: EmailMessage; created: boolean }> => {
    // Locked: a resend and a void of the same order are decided one after the other.
    const row = await findOrderConfirmation(tx, orderId, { lock: true });
    if (!row) throw new FailedPreconditionError(NO_TICKETS_YET);
    if (row.organisationId !== organisationId) throw new NotFoundError('Order not found');

    const dedupeKey = resendDedupeKey(orderId, request.idempotencyKey);
    const earlier = await tx.findOne(EmailMessageEntity, { dedupeKey });
    if (earlier) return { message: earlier, created: false };

    if (isVoided(row.issuedAt, row.voidedAt)) throw new FailedPreconditionError(TICKETS_VOIDED);
    if (!row.sealedSnapshot) throw new FailedPreconditionError(NO_TICKETS_YET);
    const snapshot = JSON.parse(openString(ctx.sealingKey, row.sealedSnapshot)) as OrderConfirmationSnapshot;
    const message = recordSealedMessage(tx, {
      template: 'order-confirmation',
      purpose: 'resend',
      recipient: snapshot.email,
      locale: snapshot.locale,
      subjectRef: orderId,
      organisationId,
      dedupeKey,
      attachments: confirmationAttachmentNames(snapshot.payload, ctx.walletPasses),
      payload: snapshot.payload,
      sealingKey: ctx.sealingKey,
      now: ctx.now(),
    });
    return { message, created: true };
  });

  if (outcome.created) {
    // A lost enqueue loses nothing: the message is 'created' and the unsent-mail sweeper picks it up.
    await ctx
      .enqueueSend(outcome.message.id)
      .catch((error: unknown) =>
        ctx.logger.warn(
          { err: error, messageId: outcome.message.id },
          'send job not enqueued; the sweeper will pick the message up',
        ),
      );
    ctx.logger.info({ messageId: outcome.message.id, orderId }, 'order confirmation resent');
  }
  const [withChanges] = await withHistory(ctx.orm.em.fork(), [outcome.message]);
  return { message: withChanges!, created: outcome.created };
}
