import { randomBytes } from 'node:crypto';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ensureStream, NATS_ADMIN_USER, natsAuthOptions } from '../../src/messaging';

// Against the machine's NATS server. It is one server, not a cluster: a standalone server keeps one copy whatever
// is asked, so R3 (production's NATS_STREAM_REPLICAS) cannot be shown here.
let nc: NatsConnection;
let jsm: JetStreamManager;
const name = `KASSA_STREAMTEST_${randomBytes(3).toString('hex').toUpperCase()}`;

beforeAll(async () => {
  nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222', ...natsAuthOptions(NATS_ADMIN_USER) });
  jsm = await jetstreamManager(nc);
});

afterAll(async () => {
  await jsm.streams.delete(name).catch(() => undefined);
  await nc.close();
});

it('creates a file-backed stream with the replicas asked for, and leaves it alone when asked again', async () => {
  const subjects = [`${name.toLowerCase()}.>`];
  await ensureStream(jsm, { name, subjects, replicas: 1 });
  const created = await jsm.streams.info(name);
  expect(created.config.num_replicas).toBe(1);
  expect(created.config.storage).toBe('file');
  await ensureStream(jsm, { name, subjects, replicas: 1 });
  expect((await jsm.streams.info(name)).created).toEqual(created.created);
});
