export { connectNats, type NatsHandles } from './connect-nats';
export { ensureStream, streamReplicas, DUPLICATE_WINDOW_MS, type StreamOptions } from './ensure-stream';
export {
  startConsumer,
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
