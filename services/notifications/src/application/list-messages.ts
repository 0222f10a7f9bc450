import type { EntityManager } from '@mikro-orm/postgresql';
import type { EmailMessage, StatusChange } from '../domain/email-message';
import { EmailMessageEntity } from '../persistence/email-message.entity';
import { EmailStatusChangeEntity } from '../persistence/email-status-change.entity';

export interface MessageWithHistory {
  message: EmailMessage;
  /** Oldest first. */
  history: StatusChange[];
}

/** Enough for any one challenge, order or user; the newest are the ones that matter. */
const LIST_LIMIT = 100;

/** The messages about one subject ('sic_…', 'ord_…', 'usr_…'), newest first, each with its history. */
export async function listMessages(em: EntityManager, subjectRef: string): Promise<MessageWithHistory[]> {
  return withHistory(
    em,
    await em.find(
      EmailMessageEntity,
      { subjectRef },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: LIST_LIMIT },
    ),
  );
}

/**
 * The messages about an order that were sent for this organisation (confirmation, resends, refunds), newest first:
 * another organisation's order id finds nothing, exactly like an unknown one.
 */
export async function listOrganisationOrderMessages(
  em: EntityManager,
  organisationId: string,
  orderId: string,
): Promise<MessageWithHistory[]> {
  const messages = await em.find(
    EmailMessageEntity,
    { subjectRef: orderId, organisationId },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: LIST_LIMIT },
  );
  return withHistory(em, messages);
}

/** Each message with its status changes, oldest first. */
export async function withHistory(em: EntityManager, messages: EmailMessage[]): Promise<MessageWithHistory[]> {
  if (messages.length === 0) return [];
  const changes = await em.find(
    EmailStatusChangeEntity,
    { messageId: { $in: messages.map((m) => m.id) } },
    { orderBy: { id: 'asc' } },
  );
  return messages.map((message) => ({
    message,
    history: changes
      .filter((change) => change.messageId === message.id)
      .map(({ status, occurredAt, detail }) => ({ status, occurredAt, detail })),
  }));
}
