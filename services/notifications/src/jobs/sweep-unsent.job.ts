import { startPeriodicSweep } from '@kassa/platform/jobs';
import type { Logger } from '@kassa/platform/logging';
import type { MikroORM } from '@mikro-orm/postgresql';
import { EmailMessageEntity } from '../persistence/email-message.entity';
import type { SendEmailQueue } from './send-email.job';

export interface UnsentSweeperOptions {
  orm: MikroORM;
  queue: SendEmailQueue;
  enqueueSend(messageId: string): Promise<void>;
  logger: Logger;
  /** Default one minute. */
  intervalMs?: number;
  /** Messages per sweep (default 500); the next sweep takes the rest. */
  batchSize?: number;
}

export interface UnsentSweeper {
  /** One sweep; returns how many messages it (re-)enqueued. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Redis keeps nothing on disk, so PostgreSQL is the truth about what still has to go out: at start-up
 * and every minute, every message still 'created' gets its send job again. A job that still exists is
 * not added twice (job id = message id); a finished job whose message is still 'created' (it ended
 * without recording an outcome, e.g. the database was down) is removed first so it can run again.
 */
export function startUnsentSweeper(options: UnsentSweeperOptions): UnsentSweeper {
  const { orm, queue, logger } = options;
  const log = logger.child({ component: 'unsent-sweeper' });

  async function sweep(): Promise<number> {
    const unsent = await orm.em
      .fork()
      .find(
        EmailMessageEntity,
        { status: 'created' },
        { fields: ['id'], orderBy: { createdAt: 'asc' }, limit: options.batchSize ?? 500 },
      );
    let enqueued = 0;
    for (const { id } of unsent) {
      const job = await queue.getJob(id);
      if (job) {
        const state = await job.getState();
        if (state !== 'completed' && state !== 'failed') continue;
        await job.remove();
      }
      await options.enqueueSend(id);
      enqueued += 1;
    }
    if (enqueued > 0) log.info({ enqueued }, 'unsent e-mails enqueued');
    return enqueued;
  }

  return startPeriodicSweep(sweep, { intervalMs: options.intervalMs, logger: log });
}
