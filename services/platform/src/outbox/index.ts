export {
  addToOutbox,
  outboxRow,
  outboxRowParams,
  OUTBOX_INSERT_COLUMNS,
  KEY_HEADER,
  type MessageEncoder,
  type OutboxEntry,
  type OutboxRowValues,
} from './add-to-outbox';
export { startOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './outbox-relay';
