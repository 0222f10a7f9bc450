import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pino from 'pino';
import { createNamespace } from '@kassa/platform/config';
import { createGrpcClient, type GrpcCallError, status } from '@kassa/platform/grpc';
import { connectNats, ensureStream, NATS_ADMIN_USER, type NatsHandles } from '@kassa/platform/messaging';
import {
  assertInfrastructure,
  createMigratedTestDatabase,
  freePorts,
  repositoryRoot,
  type TestDatabase,
  testCallerKey,
  testCallerKeyText,
} from '@kassa/platform/testing';
import { PaymentServiceClient } from '@kassa/proto/payments/v1/payments';
import { Client } from 'pg';
import { ORDERING_STREAM, PAYMENTS_STREAM } from '../../src/events/subjects';
import { paymentsEntities, paymentsMigrations } from '../../src/persistence/schema';
import { type OrderServiceDouble, startOrderServiceDouble } from '../fixtures/order-service-double';
import { type StripeStandIn, startStripeStandIn } from '@kassa/testing/stripe-stand-in';

// payments as a real process (node --import tsx src/main.ts), killed with SIGKILL at exact steps of CreatePayment
// through KASSA_CRASH_POINT (as a power cut would), then started again. Stripe is the local stand-in of its API
// (testing/src/stripe-stand-in.ts; the real one cannot be reached from here), ordering its OrderService double.
jest.setTimeout(90_000);

const logger = pino({ level: 'silent' });
let database: TestDatabase;
let stripe: StripeStandIn;
let ordering: OrderServiceDouble;
let nats: NatsHandles;
const namespace = `it${randomBytes(4).toString('hex')}`;
const ns = createNamespace(namespace);

beforeAll(async () => {
  await assertInfrastructure();
  database = await createMigratedTestDatabase(
    'payments_crash',
    { name: 'payments', entities: paymentsEntities, migrations: paymentsMigrations },
    logger,
  );
  stripe = await startStripeStandIn();
  ordering = await startOrderServiceDouble(logger);
  nats = await connectNats({
    url: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    name: 'payments-crash-test',
    user: NATS_ADMIN_USER,
    logger,
  });
  await ensureStream(nats.jsm, { name: ns.stream(ORDERING_STREAM), subjects: [ns.subject('kassa.ordering.>')] });
}, 60_000);
afterAll(async () => {
  for (const stream of [ns.stream(ORDERING_STREAM), ns.stream(PAYMENTS_STREAM.name)])
    await nats?.jsm.streams.delete(stream).catch(() => undefined);
  await nats?.close();
  await ordering?.stop();
  await stripe?.stop();
  await database?.drop();
});

interface PaymentsProcess {
  address: string;
  exited: Promise<number | null>;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startPaymentsProcess(crashPoint?: string): Promise<PaymentsProcess> {
  const [grpcPort, httpPort] = (await freePorts(2)) as [number, number];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    KASSA_ENV: 'test',
    LOG_LEVEL: 'warn',
    KASSA_NAMESPACE: namespace,
    DATABASE_URL: database.url,
    GRPC_PORT: String(grpcPort),
    HTTP_PORT: String(httpPort),
    IDENTITY_GRPC_ADDRESS: '127.0.0.1:1',
    ORDERING_GRPC_ADDRESS: ordering.address,
    KASSA_CALLER_KEY: testCallerKeyText,
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_HOST: stripe.host,
    STRIPE_API_PORT: String(stripe.port),
    STRIPE_API_PROTOCOL: 'http',
    KASSA_CRASH_POINT: crashPoint ?? '',
  };
  const root = repositoryRoot();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'services', 'payments', 'src', 'main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`payments exited before it was ready:\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${httpPort}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`payments was not ready in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    address: `127.0.0.1:${grpcPort}`,
    exited,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function attemptsOf(orderId: string) {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    return (
      await client.query<{ id: string; status: string; provider_reference: string | null }>(
        'select id, status, provider_reference from payment_attempt where order_id = $1',
        [orderId],
      )
    ).rows;
  } finally {
    await client.end();
  }
}
const sessionsOf = (orderId: string) =>
  [...stripe.sessions.values()].filter((session) => session.metadata.order_id === orderId);

async function createPayment(address: string, order: { orderId: string; accessKey: string }, idempotencyKey: string) {
  const client = createGrpcClient(PaymentServiceClient, address, { callerKey: testCallerKey, deadlineMs: 30_000 });
  try {
    return await client.createPayment({
      orderId: order.orderId,
      idempotencyKey,
      returnOrigin: 'https://tickets.example.test',
      orderAccessKey: order.accessKey,
    });
  } finally {
    client.close();
  }
}

it.each([
  ['payments.after-attempt-created', 'before Stripe was called', 0],
  ['payments.after-provider-call', 'after Stripe made the session, before its id was saved', 1],
])(
  'kill -9 at %s (%s): the retried CreatePayment ends with exactly one session',
  async (crashPoint, _when, sessionsAtCrash) => {
    const order = ordering.addOrder();
    const idempotencyKey = randomBytes(9).toString('base64url');
    const crashing = await startPaymentsProcess(crashPoint);
    const lost = await createPayment(crashing.address, order, idempotencyKey).then(
      () => null,
      (error: GrpcCallError) => error,
    );
    expect(lost?.code).toBe(status.UNAVAILABLE);
    await crashing.exited;
    expect(crashing.child.signalCode).toBe('SIGKILL');
    expect(await attemptsOf(order.orderId)).toEqual([
      expect.objectContaining({ status: 'created', provider_reference: null }),
    ]);
    expect(sessionsOf(order.orderId)).toHaveLength(sessionsAtCrash);

    const restarted = await startPaymentsProcess();
    try {
      const { payment } = await createPayment(restarted.address, order, idempotencyKey);
      expect(sessionsOf(order.orderId)).toHaveLength(1);
      expect(payment).toMatchObject({ status: 'pending', providerReference: sessionsOf(order.orderId)[0]!.id });
      expect(await attemptsOf(order.orderId)).toEqual([
        { id: payment!.id, status: 'pending', provider_reference: sessionsOf(order.orderId)[0]!.id },
      ]);
    } finally {
      await restarted.stop();
    }
  },
);
