import type { Logger } from '@kassa/platform/logging';
import { afterCommit } from '@kassa/platform/persistence';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AcceptedMessage } from './accept-sign-in-code-request';

export interface AcceptEmailRequestDeps {
  sealingKey: Buffer;
  /** Queues the send job; called after the message row has committed. */
  enqueueSend(messageId: string): Promise<void>;
  logger: Logger;
}

/**
 * One event that calls for an e-mail, in its consumer's transaction: `accept` records the message (status 'created'),
 * and its send job is queued once that transaction has committed.
 */
export async function acceptEmailRequest(
  em: EntityManager,
  event: { id: string; data: Uint8Array },
  accept: (em: EntityManager, data: Uint8Array, sealingKey: Buffer) => Promise<AcceptedMessage>,
  deps: AcceptEmailRequestDeps,
): Promise<void> {
  const accepted = await accept(em, event.data, deps.sealingKey);
  if (!accepted.created) {
    if (accepted.skipped)
      deps.logger.info({ eventId: event.id, reason: accepted.skipped }, 'event calls for no e-mail');
    return;
  }
  // Enqueued only after the commit, so the job never looks for a row that is not there yet. If the process dies
  // between the commit and the enqueue (or Redis refuses it), the unsent-mail sweeper finds the row still 'created'
  // and enqueues it: the job is re-derived from PostgreSQL.
  afterCommit(em, () => {
    deps
      .enqueueSend(accepted.messageId)
      .catch((error: unknown) =>
        deps.logger.warn(
          { err: error, messageId: accepted.messageId },
          'send job not enqueued; the sweeper will pick the message up',
        ),
      );
  });
}
