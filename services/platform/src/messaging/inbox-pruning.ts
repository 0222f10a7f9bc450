import type { JetStreamManager } from '@nats-io/jetstream';
import { millis } from '@nats-io/transport-node';
import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * An inbox row only has to outlive every redelivery of its message, and JetStream cannot redeliver a message it no
 * longer holds: rows older than the stream's max age (plus a day, for clocks and a consumer stopped mid-message) go.
 * A stream that keeps everything (max age 0) keeps its consumers' inbox rows too.
 */
export const INBOX_MARGIN_MS = 24 * 60 * 60 * 1000;

/** Rows deleted per statement, so pruning a large backlog never holds a long lock. */
const PRUNE_CHUNK = 1000;

/** How long `consumer`'s inbox rows must stay for a stream that keeps messages `streamMaxAgeMs`; null: for ever. */
export function inboxRetentionMs(streamMaxAgeMs: number): number | null {
  return streamMaxAgeMs > 0 ? streamMaxAgeMs + INBOX_MARGIN_MS : null;
}

/** Deletes `consumer`'s inbox rows its stream can no longer redeliver; returns how many. */
export async function pruneInbox(options: {
  orm: MikroORM;
  jsm: JetStreamManager;
  stream: string;
  consumer: string;
}): Promise<number> {
  const info = await options.jsm.streams.info(options.stream);
  const retentionMs = inboxRetentionMs(millis(info.config.max_age));
  if (retentionMs === null) return 0;
  const connection = options.orm.em.getConnection();
  let total = 0;
  for (;;) {
    const deleted = await connection.execute<{ affectedRows: number }>(
      `delete from inbox where (consumer, message_id) in (
         select consumer, message_id from inbox
          where consumer = ? and processed_at < now() - (? * interval '1 millisecond') limit ?)`,
      [options.consumer, retentionMs, PRUNE_CHUNK],
      'run',
    );
    total += deleted.affectedRows;
    if (deleted.affectedRows < PRUNE_CHUNK) return total;
  }
}
