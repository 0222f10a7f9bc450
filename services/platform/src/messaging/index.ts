export { connectNats, type NatsHandles } from './connect-nats';
export { ensureStream, DUPLICATE_WINDOW_MS } from './ensure-stream';
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
