import { messages, Violations } from '@kassa/platform/errors';
import type { AsyncHandlers } from '@kassa/platform/grpc';
import type { Message, NotificationsServiceService } from '@kassa/proto/notifications/v1/notifications';
import { handleDeliveryEvent } from '../application/handle-delivery-event';
import { listMessages, type MessageWithHistory } from '../application/list-messages';
import { listOrderMessages } from '../application/list-order-messages';
import type { OrderMessagesContext } from '../application/order-messages-context';
import { resendOrderConfirmation } from '../application/resend-order-confirmation';
import type { EmailStatus } from '../domain/email-status';

// A prefixed id (`sic_…`, `ord_…`, `usr_…`): three lower-case letters, '_', a 26-character ULID.
const subjectRefPattern = /^[a-z]{3}_[0-9a-hjkmnp-tv-z]{26}$/;

export type NotificationsHandlersContext = OrderMessagesContext & { walletPasses: boolean };

export function notificationsHandlers(
  ctx: NotificationsHandlersContext,
): AsyncHandlers<typeof NotificationsServiceService> {
  return {
    async listMessages(request) {
      const v = new Violations();
      const subjectRef = v.string('subjectRef', request.subjectRef, { label: 'Subject reference', required: true });
      if (subjectRef && !subjectRefPattern.test(subjectRef)) v.add('subjectRef', messages.idInvalid);
      v.throwIfAny();
      const found = await listMessages(ctx.orm.em.fork(), subjectRef);
      return { messages: found.map(toProto) };
    },
    async listOrderMessages(request, call) {
      return { messages: (await listOrderMessages(ctx, call, request)).map(toProto) };
    },
    async resendOrderConfirmation(request, call) {
      const { message, created } = await resendOrderConfirmation(ctx, call, request);
      return { message: toProto(message), created };
    },
    async handleDeliveryEvent(request) {
      return handleDeliveryEvent(ctx, request);
    },
  };
}

/**
 * The API speaks the specification's delivery words only: a message still waiting for the SMTP server has not been
 * sent, so it reads 'notSent' (its history, empty until then, tells it apart from one that was given up).
 */
function wireStatus(status: EmailStatus): string {
  return status === 'created' ? 'notSent' : status;
}

function toProto({ message, history }: MessageWithHistory): Message {
  return {
    id: message.id,
    template: message.template,
    recipient: message.recipient,
    subject: message.subject,
    status: wireStatus(message.status),
    history: history.map((change) => ({ status: change.status, occurredAt: change.occurredAt, detail: change.detail })),
    createdAt: message.createdAt,
    subjectRef: message.subjectRef,
    organisationId: message.organisationId ?? '',
    attachments: [...message.attachments],
    purpose: message.purpose,
  };
}
