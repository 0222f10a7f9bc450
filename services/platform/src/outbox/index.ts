export { addToOutbox, KEY_HEADER, type MessageEncoder, type OutboxEntry } from './add-to-outbox';
export { startOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './outbox-relay';
