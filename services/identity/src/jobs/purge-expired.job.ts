import type { Logger } from 'pino';
import { createQueue, startWorker } from '@kassa/platform/jobs';
import type { IdentityContext } from '../application/identity-context';
import { purgeExpired } from '../application/purge-expired';

const EVERY_MS = 60 * 60 * 1000;

/** Hourly purge of dead codes and sessions; a job scheduler, so replicas share one schedule. */
export async function startPurgeExpiredJob(
  ctx: IdentityContext,
  { redisUrl, queue: queueName }: { redisUrl: string; queue: string },
  logger: Logger,
): Promise<{ close(): Promise<void> }> {
  const queue = createQueue(queueName, { redisUrl });
  await queue.upsertJobScheduler('purge-expired', { every: EVERY_MS }, { name: 'purge-expired' });
  const worker = startWorker(
    queueName,
    async () => {
      const purged = await purgeExpired(ctx);
      logger.info(purged, 'purged expired sign-in challenges and sessions');
    },
    { redisUrl, logger, concurrency: 1 },
  );
  return {
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
