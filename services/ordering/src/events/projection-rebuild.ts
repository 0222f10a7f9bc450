import type { Namespace } from '@kassa/platform/config';
import type { Logger } from '@kassa/platform/logging';
import type { NatsHandles } from '@kassa/platform/messaging';
import { DeliverPolicy } from '@nats-io/jetstream';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { BucketPolicy } from '../domain/quota-allocation';
import { clearSnapshots } from '../persistence/projection.repository';
import { applyCatalogMessage } from './catalog-projection';
import { CATALOG_STREAM } from './subjects';

export interface RebuildResult {
  /** Messages read from catalog's stream. */
  read: number;
  /** Of those, applied through the projection's handlers (older versions included: they change nothing). */
  applied: number;
  /** Messages a handler refused (logged and skipped, as the live consumer would park them). */
  failed: number;
}

/**
 * Rebuilds the sellable projection from catalog's stream: in one transaction, empties the snapshot tables and
 * replays the stream from its first message up to the last one at the start, through an ephemeral ordered
 * consumer and the live consumers' own handlers. Versions make the replay safe beside running consumers: what
 * they apply meanwhile is either in the replay or newer. Readers see the old projection until the commit.
 * Quota counts and discount redemptions are ordering's own and stay.
 */
export async function rebuildProjection(options: {
  orm: MikroORM;
  nats: NatsHandles;
  namespace: Namespace;
  logger: Logger;
  policy?: BucketPolicy;
}): Promise<RebuildResult> {
  const { orm, nats, namespace, logger } = options;
  const stream = namespace.stream(CATALOG_STREAM);
  const info = await nats.jsm.streams.info(stream);
  const lastSeq = info.state.messages > 0 ? info.state.last_seq : 0;
  const result: RebuildResult = { read: 0, applied: 0, failed: 0 };

  await orm.em.fork().transactional(async (em) => {
    await clearSnapshots(em);
    if (lastSeq === 0) return;
    const consumer = await nats.js.consumers.get(stream, { deliver_policy: DeliverPolicy.All });
    const messages = await consumer.consume({ max_messages: 256 });
    try {
      for await (const msg of messages) {
        result.read += 1;
        try {
          // A savepoint per message: one bad message is skipped without undoing the rest.
          const known = await em.transactional((inner) =>
            applyCatalogMessage(inner, msg.subject, msg.data, options.policy),
          );
          if (known) result.applied += 1;
        } catch (error) {
          result.failed += 1;
          logger.error(
            { err: error, subject: msg.subject, seq: msg.seq },
            'catalog message not applied during rebuild; skipped',
          );
        }
        if (msg.seq >= lastSeq) break;
      }
    } finally {
      await messages.close();
    }
  });
  logger.info({ stream, ...result }, 'projection rebuilt');
  return result;
}
