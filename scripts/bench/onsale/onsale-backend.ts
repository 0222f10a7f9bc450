// The services behind a guest's checkout for the on-sale benchmark: identity, catalog, ordering and payments (demo
// provider) from the e2e stack (their own databases, namespace and ports), and one open shop built through their
// gRPC APIs. One ordering serves both quota shapes: with QUOTA_BUCKETS=N and QUOTA_BUCKET_MIN_CAPACITY=1,000,000, the
// event and ticket option of 500,000 keep one bucket each and those of 2,000,000 get N, so the one-bucket and the
// bucketed quota are measured side by side in the same rounds, by the same processes. Stopped, databases dropped,
// streams and Redis keys of the namespace removed, at cleanup.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { createGrpcClient, callerKeyFromRoot } from '@kassa/platform/grpc';
import { createIdentityDriver } from '@kassa/platform/testing';
import { EventServiceClient } from '@kassa/proto/catalog/v1/events';
import { ShopServiceClient } from '@kassa/proto/catalog/v1/shops';
import { OrderingServiceClient } from '@kassa/proto/ordering/v1/ordering';
import { databaseUrl, startStack } from '@kassa/testing/stack';
import type { Cleanup } from '../lib/cleanup';
import type { ProcessGroup } from '../lib/process-cpu';
import { profiledServices, serviceProcessGroups } from '../lib/stack-processes';
import { NATS_ADMIN_USER, natsAuthOptions } from '@kassa/platform/messaging';

/** Below the threshold: one bucket. At or above: QUOTA_BUCKETS buckets. */
export const BUCKET_MIN_CAPACITY = 1_000_000;
export const ONE_BUCKET_CAPACITY = 500_000;
export const BUCKETED_CAPACITY = 2_000_000;
/** The oversell rush's quotas. */
export const SMALL_CAPACITY = 50;
export const PAID_PRICE_MINOR = 3_500;

export type QuotaShape = 'one bucket' | 'bucketed';

export interface OnsaleItems {
  /** The throughput items: paid (reserve, then a demo payment attempt) and free (reserved and sold at once). */
  paid: Record<QuotaShape, string>;
  free: Record<QuotaShape, string>;
  /** The rush's items, on ticket options of SMALL_CAPACITY (the bucketed one keeps its N buckets, 50 shared over them). */
  small: Record<QuotaShape, string>;
}

export interface OnsaleBackend {
  namespace: string;
  catalogGrpc: string;
  /** The stack's KASSA_CALLER_KEY (base64url): the BFF started beside it signs its calls with it. */
  callerKey: string;
  orderingGrpc: string;
  paymentsGrpc: string;
  orderingDatabaseUrl: string;
  shopId: string;
  items: OnsaleItems;
  /** The services' processes, for CPU per request. */
  processGroups: ProcessGroup[];
  /** Quota ids (event and ticket option) per item kind, to read their counts. */
  quotas: { small: Record<QuotaShape, { eventQuota: string; optionQuota: string }> };
}

const quiet = { LOG_LEVEL: 'warn' };

export async function startOnsaleBackend(cleanup: Cleanup, buckets: number): Promise<OnsaleBackend> {
  const ordering = { ...quiet, QUOTA_BUCKETS: String(buckets), QUOTA_BUCKET_MIN_CAPACITY: String(BUCKET_MIN_CAPACITY) };
  const stack = await startStack('benchonsale', ['identity', 'catalog', 'ordering', 'payments'], {
    env: { identity: quiet, catalog: quiet, ordering, payments: quiet },
    bundles: true,
    cpuProfiles: profiledServices(),
  });
  const namespace = stack.info.namespace;
  // Last in, first out: these run after the services have stopped.
  cleanup.add(`remove the JetStream streams and Redis keys of ${namespace}`, () => removeNamespaceLeftovers(namespace));
  cleanup.add('stop identity, catalog, ordering and payments and drop their databases', () => stack.stop());
  const orderingDatabaseUrl = databaseUrl(stack.info.databases.find((name) => name.endsWith('_ordering'))!);

  const callerKey = callerKeyFromRoot(stack.info.env.KASSA_CALLER_KEY!);
  const identity = await createIdentityDriver({
    grpcAddress: stack.info.identityGrpc!,
    namespace,
    sealingKey: stack.info.env.KASSA_SEALING_KEY!,
    callerKey,
  });
  const events = createGrpcClient(EventServiceClient, stack.info.catalogGrpc!, { callerKey, deadlineMs: 15_000 });
  const shops = createGrpcClient(ShopServiceClient, stack.info.catalogGrpc!, { callerKey, deadlineMs: 15_000 });
  const orderingClient = createGrpcClient(OrderingServiceClient, stack.info.orderingGrpc!, {
    callerKey,
    deadlineMs: 15_000,
  });
  try {
    const { userId } = await identity.signUp(`bench-${randomBytes(4).toString('hex')}@example.test`, 'Bench Organiser');
    const organisationId = await identity.createOrganisation(userId, 'Bench On-sale');
    const as = { actorUserId: userId };

    const createEvent = async (name: string, ticketLimit: number, day: number) => {
      const startsAt = new Date(Date.UTC(2031, 8, day, 19));
      const { event } = await events.createEvent(
        {
          organisationId,
          fields: {
            name,
            description: 'The on-sale benchmark.',
            startsAt,
            endsAt: new Date(startsAt.getTime() + 3 * 3_600_000),
            ticketLimit,
            translations: [],
            location: { address: 'Veemkade 1', city: 'Amsterdam', postalCode: '1019 HE', country: 'NL' },
            timeZone: 'Europe/Amsterdam',
          },
        },
        as,
      );
      return event!.id;
    };
    const createOption = async (eventId: string, name: string, capacity: number) => {
      const { ticketOption } = await events.createTicketOption(
        { organisationId, eventId, fields: { name, description: '', capacity, translations: [] } },
        as,
      );
      return ticketOption!.id;
    };

    const oneEvent = await createEvent('One bucket night', ONE_BUCKET_CAPACITY, 5);
    const bucketedEvent = await createEvent('Bucketed night', BUCKETED_CAPACITY, 6);
    const options = {
      oneMain: await createOption(oneEvent, 'Regular', ONE_BUCKET_CAPACITY),
      oneSmall: await createOption(oneEvent, 'Last fifty', SMALL_CAPACITY),
      bucketedMain: await createOption(bucketedEvent, 'Regular', BUCKETED_CAPACITY),
      // Created large, so ordering splits it into N buckets, then lowered: the buckets stay and share the 50.
      bucketedSmall: await createOption(bucketedEvent, 'Last fifty', BUCKETED_CAPACITY),
    };
    await events.updateTicketOption(
      {
        organisationId,
        ticketOptionId: options.bucketedSmall,
        fields: { name: 'Last fifty', description: '', capacity: SMALL_CAPACITY, translations: [] },
      },
      as,
    );
    for (const eventId of [oneEvent, bucketedEvent]) await events.publishEvent({ organisationId, eventId }, as);

    const opensAt = new Date(Date.now() + 3_000);
    const { shop } = await shops.createShop(
      {
        organisationId,
        fields: {
          name: 'On-sale rush',
          description: 'Everything goes on sale at once.',
          opensAt,
          closesAt: new Date(opensAt.getTime() + 24 * 3_600_000),
          translations: [],
          currency: 'EUR',
          password: undefined,
          donation: { enabled: false, suggestedAmountsMinor: [], allowCustomAmount: false },
          reservationMinutes: 0,
        },
      },
      as,
    );
    const shopId = shop!.id;
    let position = 0;
    const item = async (ticketOptionId: string, name: string, priceMinor: number) => {
      const { item: created } = await shops.createShopItem(
        {
          organisationId,
          shopId,
          fields: {
            ticketOptionId,
            extraEventIds: [],
            name,
            priceMinor,
            saleStart: undefined,
            saleEnd: undefined,
            maxPerOrder: 6,
            position: position++,
          },
        },
        as,
      );
      return created!.id;
    };
    const items: OnsaleItems = {
      paid: {
        'one bucket': await item(options.oneMain, 'Regular (one bucket)', PAID_PRICE_MINOR),
        bucketed: await item(options.bucketedMain, 'Regular (bucketed)', PAID_PRICE_MINOR),
      },
      free: {
        'one bucket': await item(options.oneMain, 'Free entry (one bucket)', 0),
        bucketed: await item(options.bucketedMain, 'Free entry (bucketed)', 0),
      },
      small: {
        'one bucket': await item(options.oneSmall, 'Last fifty (one bucket)', PAID_PRICE_MINOR),
        bucketed: await item(options.bucketedSmall, 'Last fifty (bucketed)', PAID_PRICE_MINOR),
      },
    };
    await shops.publishShop({ organisationId, shopId }, as);

    // Open once catalog's job opened it and ordering's projection sells all six items.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const answer = await orderingClient.getAvailability({ shopId }).catch(() => undefined);
      if (
        answer?.window === 'open' &&
        answer.items.length === 6 &&
        answer.items.every((entry) => entry.status === 'available')
      )
        break;
      if (Date.now() > deadline) throw new Error(`ordering never sold the shop: ${JSON.stringify(answer)}`);
      await sleep(250);
    }

    const expected = [
      { id: oneEvent, what: 'one-bucket event', capacity: ONE_BUCKET_CAPACITY, buckets: 1 },
      { id: options.oneMain, what: 'one-bucket ticket option', capacity: ONE_BUCKET_CAPACITY, buckets: 1 },
      { id: options.oneSmall, what: 'one-bucket small ticket option', capacity: SMALL_CAPACITY, buckets: 1 },
      { id: bucketedEvent, what: 'bucketed event', capacity: BUCKETED_CAPACITY, buckets },
      { id: options.bucketedMain, what: 'bucketed ticket option', capacity: BUCKETED_CAPACITY, buckets },
      { id: options.bucketedSmall, what: 'bucketed small ticket option', capacity: SMALL_CAPACITY, buckets },
    ];
    await waitForQuotas(orderingDatabaseUrl, expected, Date.now() + 30_000);

    return {
      namespace,
      catalogGrpc: stack.info.catalogGrpc!,
      callerKey: stack.info.env.KASSA_CALLER_KEY!,
      orderingGrpc: stack.info.orderingGrpc!,
      paymentsGrpc: stack.info.paymentsGrpc!,
      orderingDatabaseUrl,
      shopId,
      items,
      processGroups: serviceProcessGroups(stack),
      quotas: {
        small: {
          'one bucket': { eventQuota: oneEvent, optionQuota: options.oneSmall },
          bucketed: { eventQuota: bucketedEvent, optionQuota: options.bucketedSmall },
        },
      },
    };
  } finally {
    events.close();
    shops.close();
    orderingClient.close();
    await identity.close();
  }
}

/**
 * Waits until ordering's projection holds every quota with its capacity and bucket count (the lowered option's 50
 * arrives after its first 2,000,000), its buckets' shares adding up to the capacity; fails the run otherwise.
 */
async function waitForQuotas(
  url: string,
  expected: { id: string; what: string; capacity: number; buckets: number }[],
  deadline: number,
): Promise<void> {
  const client = new Client({ connectionString: url, options: '-c default_transaction_read_only=on' });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query<{
        id: string;
        capacity: number;
        bucket_count: number;
        rows: number;
        shares: string;
      }>(
        `select q.id, q.capacity, q.bucket_count, count(b.bucket)::int as rows, coalesce(sum(b.capacity), 0) as shares
           from quota q join quota_bucket b on b.quota_id = q.id where q.id = any($1) group by q.id`,
        [expected.map((quota) => quota.id)],
      );
      const wrong = expected.filter((quota) => {
        const row = rows.find((candidate) => candidate.id === quota.id);
        return (
          !row ||
          row.capacity !== quota.capacity ||
          row.bucket_count !== quota.buckets ||
          row.rows !== quota.buckets ||
          Number(row.shares) !== quota.capacity
        );
      });
      if (wrong.length === 0) return;
      if (Date.now() > deadline)
        throw new Error(
          `ordering's quotas are not as set up: ${wrong.map((quota) => quota.what).join(', ')}; found ${JSON.stringify(rows)}`,
        );
      await sleep(250);
    }
  } finally {
    await client.end();
  }
}

/**
 * What the services leave outside their databases: their JetStream streams (KASSA_*_<NAMESPACE>) and Redis keys
 * (BullMQ's delayed expiry jobs, 15 minutes ahead, and the BFF's rate-limit windows, all named with the namespace).
 */
async function removeNamespaceLeftovers(namespace: string): Promise<void> {
  const nc = await connect({
    servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    ...natsAuthOptions(NATS_ADMIN_USER),
    name: 'bench-onsale-cleanup',
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
