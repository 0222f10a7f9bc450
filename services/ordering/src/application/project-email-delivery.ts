import { isEmailFailure } from '@kassa/contracts/statuses';
import type { EmailStatusChanged } from '@kassa/proto/notifications/events/v1/events';
import type { EntityManager } from '@mikro-orm/postgresql';
import { recordEmailDelivery } from '../persistence/activity.repository';

const ORDER_REF = /^ord_/;

/** Whether the e-mail is about an order (the rest, sign-in codes and invitations, are not ordering's). */
export function isOrderEmail(message: Pick<EmailStatusChanged, 'subjectRef'>): boolean {
  return ORDER_REF.test(message.subjectRef);
}

/**
 * notifications' EmailStatusChanged of an e-mail about an order (its subject is the order) → the newest delivery
 * status of the order's e-mails; sign-in codes, invitations and the rest are not ordering's and are skipped.
 */
export async function projectEmailDelivery(em: EntityManager, message: EmailStatusChanged): Promise<void> {
  if (!isOrderEmail(message) || !message.messageId) return;
  await recordEmailDelivery(em, {
    orderId: message.subjectRef,
    messageId: message.messageId,
    status: message.status,
    failed: isEmailFailure(message.status),
    occurredAt: message.occurredAt ?? new Date(0),
  });
}
