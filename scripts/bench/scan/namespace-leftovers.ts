// What a benchmark's services leave outside their databases: their JetStream streams (KASSA_*_<NAMESPACE>) and
// Redis keys (BullMQ's jobs, the BFF's rate-limit windows), all named with the stack's namespace.
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import { NATS_ADMIN_USER, natsAuthOptions } from '@kassa/platform/messaging';

export async function removeNamespaceLeftovers(namespace: string): Promise<void> {
  const nc = await connect({
    servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    ...natsAuthOptions(NATS_ADMIN_USER),
    name: `bench-cleanup-${namespace}`,
  });
  try {
    const jsm = await jetstreamManager(nc);
    const suffix = `_${namespace.toUpperCase()}`;
    for await (const name of jsm.streams.names()) if (name.endsWith(suffix)) await jsm.streams.delete(name);
  } finally {
    await nc.close();
  }
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  try {
    for await (const keys of redis.scanStream({ match: `*${namespace}*`, count: 1_000 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) await redis.unlink(...keys);
    }
  } finally {
    redis.disconnect();
  }
}
