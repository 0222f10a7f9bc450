export { connectNats, type NatsHandles } from './connect-nats';
export {
  describeNatsAuthError,
  MACHINE_NATS_CREDENTIALS_DIR,
  MACHINE_NATS_DIR,
  NATS_ADMIN_USER,
  natsAuthOptions,
  natsInboxPrefix,
  serviceNatsUser,
  type NatsAuthOptions,
} from './nats-credentials';
export {
  ensureStream,
  streamReplicas,
  DUPLICATE_WINDOW_MS,
  EVENT_RETENTION_MS,
  type StreamOptions,
} from './ensure-stream';
export {
  startConsumer,
  consumerNames,
  parkedSubject,
  PARKED_STREAM,
  type InboundMessage,
  type RunningConsumer,
  type StartConsumerOptions,
} from './consumer';
export {
  startConsumerWhenStreamExists,
  type StartConsumerWhenStreamExistsOptions,
  type StreamWaitingConsumer,
} from './stream-waiting-consumer';
export { headersToRecord, recordToHeaders } from './nats-headers';
