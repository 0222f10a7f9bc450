import type { Namespace } from '@kassa/platform/config';
import type { Logger } from '@kassa/platform/logging';
import {
  type NatsHandles,
  startConsumer,
  startConsumerWhenStreamExists,
  type StreamWaitingConsumer,
} from '@kassa/platform/messaging';
import { ScanConflictRecorded, TicketCheckedIn } from '@kassa/proto/ticketing/events/v1/events';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { projectCheckIn } from '../application/project-check-in';
import { projectScanConflict } from '../application/project-scan-conflict';
import {
  canonicalSubject,
  TICKETING_ACTIVITY_DURABLE,
  TICKETING_ACTIVITY_SUBJECTS,
  TICKETING_STREAM,
} from './subjects';

const handlers: Record<string, (em: EntityManager, data: Uint8Array) => Promise<void>> = {
  [TICKETING_ACTIVITY_SUBJECTS.checkedIn]: (em, data) => projectCheckIn(em, TicketCheckedIn.decode(data)),
  [TICKETING_ACTIVITY_SUBJECTS.conflictRecorded]: (em, data) =>
    projectScanConflict(em, ScanConflictRecorded.decode(data)),
};

/**
 * ticketing's check-ins and scan conflicts → the dashboard's check-in progress and "needs attention": inbox-guarded
 * durable consumers, one per subject, started once ticketing's stream exists (ticketing owns it).
 */
export function startEntranceConsumer(options: {
  orm: MikroORM;
  nats: NatsHandles;
  logger: Logger;
  namespace: Namespace;
  streamRetryMs?: number;
}): StreamWaitingConsumer {
  const { nats, namespace } = options;
  const log = options.logger.child({ component: 'entrance' });
  const stream = namespace.stream(TICKETING_STREAM);
  return startConsumerWhenStreamExists({
    jsm: nats.jsm,
    stream,
    logger: log,
    owner: 'ticketing',
    retryMs: options.streamRetryMs,
    start: () =>
      startConsumer({
        orm: options.orm,
        js: nats.js,
        jsm: nats.jsm,
        logger: options.logger,
        stream,
        durable: namespace.durable(TICKETING_ACTIVITY_DURABLE),
        filterSubjects: Object.values(TICKETING_ACTIVITY_SUBJECTS).map((subject) => namespace.subject(subject)),
        async handle(message, em) {
          const subject = canonicalSubject(message.subject);
          const handler = subject ? handlers[subject] : undefined;
          if (handler) await handler(em, message.data);
          else log.debug({ subject: message.subject }, 'not a subject the dashboard follows; skipped');
        },
      }),
  });
}
