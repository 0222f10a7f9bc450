import type { Namespace } from '@kassa/platform/config';
import type { Logger } from '@kassa/platform/logging';
import {
  startConsumer,
  startConsumerWhenStreamExists,
  type NatsHandles,
  type RunningConsumer,
  type StreamWaitingConsumer,
} from '@kassa/platform/messaging';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { acceptEmailRequest } from '../application/accept-email-request';
import type { AcceptedMessage } from '../application/accept-sign-in-code-request';
import { IDENTITY_STREAM } from './subjects';

export interface EmailRequestConsumerOptions {
  orm: MikroORM;
  nats: NatsHandles;
  logger: Logger;
  /** Names the streams, subjects and durables (KASSA_NAMESPACE). */
  namespace: Namespace;
  sealingKey: Buffer;
  /** Queues the send job; called after the message row has committed. */
  enqueueSend(messageId: string): Promise<void>;
}

/** A consumer of identity's stream: identity owns and creates it, so the consumer waits until it exists. */
export interface IdentityConsumerOptions extends EmailRequestConsumerOptions {
  /** How often to look for identity's stream until it exists (default 2 s). */
  streamRetryMs?: number;
}

/** What differs between the consumers of other services' events that each become (at most) one e-mail. */
export interface EmailRequest {
  /** The canonical name, namespaced here like the stream and subject (parked messages and the inbox are named after it). */
  durable: string;
  /** The stream read (canonical name, namespaced here); identity's when not given. */
  stream?: string;
  /** The canonical subject (or subjects), namespaced here. */
  subject: string | readonly string[];
  /** Records the message (status 'created') in the consumer's transaction. */
  accept: (em: EntityManager, data: Uint8Array, sealingKey: Buffer) => Promise<AcceptedMessage>;
}

/** An inbox-guarded consumer (identity's stream unless told otherwise) of events that each call for an e-mail. */
export function startEmailRequestConsumer(
  request: EmailRequest,
  options: EmailRequestConsumerOptions,
): Promise<RunningConsumer> {
  const { orm, nats, logger, namespace, sealingKey, enqueueSend } = options;
  const log = logger.child({ component: request.durable });
  return startConsumer({
    orm,
    js: nats.js,
    jsm: nats.jsm,
    logger,
    stream: namespace.stream(request.stream ?? IDENTITY_STREAM),
    durable: namespace.durable(request.durable),
    filterSubjects:
      typeof request.subject === 'string'
        ? namespace.subject(request.subject)
        : request.subject.map((subject) => namespace.subject(subject)),
    handle: (message, em) => acceptEmailRequest(em, message, request.accept, { sealingKey, enqueueSend, logger: log }),
  });
}

/** An e-mail consumer of identity's stream, started once identity has created it (identity owns it; we may not). */
export function startIdentityEmailConsumer(
  request: Omit<EmailRequest, 'stream'>,
  options: IdentityConsumerOptions,
): StreamWaitingConsumer {
  return startConsumerWhenStreamExists({
    jsm: options.nats.jsm,
    stream: options.namespace.stream(IDENTITY_STREAM),
    logger: options.logger.child({ component: request.durable }),
    owner: 'identity',
    retryMs: options.streamRetryMs,
    start: () => startEmailRequestConsumer(request, options),
  });
}
