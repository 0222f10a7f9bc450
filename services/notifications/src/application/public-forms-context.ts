// Not a use case: what the public forms' use cases are given (database, rate limiter, send queue), and enqueueing a
// send once its transaction has committed.
import type { Logger } from '@kassa/platform/logging';
import type { RateLimiter } from '@kassa/platform/ratelimit';
import type { MikroORM } from '@mikro-orm/postgresql';

/** What the public forms' use cases (waitlist, contact) need from the running service. */
export interface PublicFormsContext {
  orm: MikroORM;
  rateLimiter: RateLimiter;
  /** Seals the template payloads at rest (KASSA_SEALING_KEY). */
  sealingKey: Buffer;
  /** CONTACT_INBOX: where contact form messages go. */
  contactInbox: string;
  /** Queues a message's send job; called after its row has committed. */
  enqueueSend(messageId: string): Promise<void>;
  logger: Logger;
  now(): Date;
}

/**
 * Queues the send job once the row is committed. A failure here loses nothing: the message row is
 * still 'created', and the unsent-mail sweeper enqueues it within a minute (and at every start-up).
 */
export async function enqueueAfterCommit(ctx: PublicFormsContext, messageId: string): Promise<void> {
  await ctx
    .enqueueSend(messageId)
    .catch((error: unknown) =>
      ctx.logger.warn({ err: error, messageId }, 'send job not enqueued; the sweeper will pick the message up'),
    );
}
