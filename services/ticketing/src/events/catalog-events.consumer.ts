import type { Namespace } from '@kassa/platform/config';
import type { Logger } from '@kassa/platform/logging';
import {
  type NatsHandles,
  startConsumer,
  startConsumerWhenStreamExists,
  type StreamWaitingConsumer,
} from '@kassa/platform/messaging';
import type { MikroORM } from '@mikro-orm/postgresql';
import { EventChanged } from '@kassa/proto/catalog/events/v1/events';
import { projectEvent } from '../application/project-event';
import { CATALOG_EVENT_SUBJECT, CATALOG_EVENTS_DURABLE, CATALOG_STREAM, parseSubject } from './subjects';

/**
 * catalog's event snapshots → ticketing's event projection: an inbox-guarded durable pull consumer on catalog's
 * stream, started once that stream exists (catalog owns it). It reads from the stream's beginning, so a ticketing
 * that starts later than catalog still learns every event.
 */
export function startCatalogEventsConsumer(options: {
  orm: MikroORM;
  nats: NatsHandles;
  logger: Logger;
  namespace: Namespace;
  streamRetryMs?: number;
}): StreamWaitingConsumer {
  const { orm, nats, namespace } = options;
  const log = options.logger.child({ component: 'catalog-events' });
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
        durable: namespace.durable(CATALOG_EVENTS_DURABLE),
        filterSubjects: namespace.subject(CATALOG_EVENT_SUBJECT),
        async handle(message, em) {
          if (parseSubject(message.subject)?.entity !== 'event') return;
          await projectEvent(em, EventChanged.decode(message.data));
        },
      }),
  });
}
