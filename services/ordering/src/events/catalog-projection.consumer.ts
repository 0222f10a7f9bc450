import type { Namespace } from '@kassa/platform/config';
import type { Logger } from '@kassa/platform/logging';
import {
  type NatsHandles,
  startConsumer,
  startConsumerWhenStreamExists,
  type StreamWaitingConsumer,
} from '@kassa/platform/messaging';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { BucketPolicy } from '../domain/quota-allocation';
import { applyCatalogMessage } from './catalog-projection';
import { CATALOG_PROJECTION_DURABLE, CATALOG_PROJECTION_SUBJECTS, CATALOG_STREAM } from './subjects';

export interface CatalogProjectionConsumerOptions {
  orm: MikroORM;
  nats: NatsHandles;
  logger: Logger;
  namespace: Namespace;
  /** How many buckets new quotas get. */
  policy: BucketPolicy;
  /** How long to wait between looks for catalog's stream (default 2 s). */
  streamRetryMs?: number;
}

export type CatalogProjectionConsumer = StreamWaitingConsumer;

/**
 * Inbox-guarded durable pull consumers of catalog's snapshots, one per entity, started once catalog's stream
 * exists (catalog owns it and creates it on start).
 */
export function startCatalogProjectionConsumer(options: CatalogProjectionConsumerOptions): CatalogProjectionConsumer {
  const { orm, nats, namespace } = options;
  const log = options.logger.child({ component: 'catalog-projection' });
  const stream = namespace.stream(CATALOG_STREAM);
  return startConsumerWhenStreamExists({
    jsm: nats.jsm,
    stream,
    logger: log,
    owner: 'catalog',
    retryMs: options.streamRetryMs,
    start: () =>
      startConsumer({
        orm,
        js: nats.js,
        jsm: nats.jsm,
        logger: options.logger,
        stream,
        durable: namespace.durable(CATALOG_PROJECTION_DURABLE),
        filterSubjects: CATALOG_PROJECTION_SUBJECTS.map((subject) => namespace.subject(subject)),
        async handle(message, em) {
          if (!(await applyCatalogMessage(em, message.subject, message.data, options.policy)))
            log.debug({ subject: message.subject }, 'not a projected subject; skipped');
        },
      }),
  });
}
