// Not a use case: what the order e-mail use cases are given (database, clock, authoriser, sealing key, send queue,
// webhook secrets).
import type { OrganisationAuthorizer } from '@kassa/platform/authorization';
import type { Logger } from '@kassa/platform/logging';
import type { MikroORM } from '@mikro-orm/postgresql';

/** What the organiser's order-message calls and the provider's delivery events need from the running service. */
export interface OrderMessagesContext {
  orm: MikroORM;
  /** identity's Authorize, asked on every organiser call. */
  authorizer: Pick<OrganisationAuthorizer, 'authorize'>;
  /** Opens and seals the stored confirmations (KASSA_SEALING_KEY). */
  sealingKey: Buffer;
  /** Queues a message's send job; called after its row has committed. */
  enqueueSend(messageId: string): Promise<void>;
  /** EMAIL_WEBHOOK_SECRET, then EMAIL_WEBHOOK_SECRET_PREVIOUS while it is rotated: a signature by any one holds. */
  webhookSecrets: string[];
  /** Subject of EmailStatusChanged in the outbox. */
  statusChangedSubject: string;
  logger: Logger;
  now(): Date;
}

/** Organiser reads need "orders.view", resending "orders.manage" (identity's permission strings). */
export const ORDERS_VIEW = 'orders.view';
export const ORDERS_MANAGE = 'orders.manage';
