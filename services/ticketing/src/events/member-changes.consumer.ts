import type { Namespace } from '@kassa/platform/config';
import type { Logger } from '@kassa/platform/logging';
import {
  type NatsHandles,
  startConsumer,
  startConsumerWhenStreamExists,
  type StreamWaitingConsumer,
} from '@kassa/platform/messaging';
import { MemberChanged } from '@kassa/proto/identity/events/v1/organisations';
import type { MikroORM } from '@mikro-orm/postgresql';
import { revokeMemberScanLinks } from '../application/scanning/revoke-member-scan-links';
import { IDENTITY_STREAM, MEMBER_SUBJECTS, MEMBERS_DURABLE, parseSubject } from './subjects';

/**
 * identity's member updates and removals → the scan links of a member who left or lost "checkin" are revoked. An
 * inbox-guarded durable consumer on identity's stream, started once that stream exists (identity owns it); it reads
 * from the stream's start, so a change made while ticketing was down is still applied.
 */
export function startMemberChangesConsumer(options: {
  orm: MikroORM;
  nats: NatsHandles;
  logger: Logger;
  namespace: Namespace;
  now: () => Date;
  streamRetryMs?: number;
}): StreamWaitingConsumer {
  const { orm, nats, namespace } = options;
  const log = options.logger.child({ component: 'member-changes' });
  const stream = namespace.stream(IDENTITY_STREAM);
  return startConsumerWhenStreamExists({
    jsm: nats.jsm,
    stream,
    logger: log,
    owner: 'identity',
    retryMs: options.streamRetryMs,
    start: () =>
      startConsumer({
        orm,
        js: nats.js,
        jsm: nats.jsm,
        logger: options.logger,
        stream,
        durable: namespace.durable(MEMBERS_DURABLE),
        filterSubjects: Object.values(MEMBER_SUBJECTS).map((subject) => namespace.subject(subject)),
        async handle(message, em) {
          const verb = parseSubject(message.subject)?.verb;
          if (verb !== 'updated' && verb !== 'removed') return;
          const change = MemberChanged.decode(message.data);
          const revoked = await revokeMemberScanLinks(em, change, verb === 'removed', options.now());
          if (revoked > 0)
            log.info(
              { organisationId: change.organisationId, userId: change.userId, revoked, change: verb },
              "scan links revoked: their maker's access ended",
            );
        },
      }),
  });
}
