// What the scan and mail benchmarks set up as an organiser would, through the services' gRPC APIs: an account, an
// organisation, one live event with one ticket option, and one open public shop selling one item of it.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createGrpcClient, callerKeyFromRoot } from '@kassa/platform/grpc';
import { createIdentityDriver } from '@kassa/platform/testing';
import { EventServiceClient } from '@kassa/proto/catalog/v1/events';
import { ShopServiceClient } from '@kassa/proto/catalog/v1/shops';
import { OrderingServiceClient } from '@kassa/proto/ordering/v1/ordering';
import type { StackInfo } from '@kassa/testing/stack';

export interface OrganiserShopSpec {
  /** The organisation's and event's name. */
  name: string;
  /** The event's ticket limit and the ticket option's capacity. */
  capacity: number;
  /** The shop item's price in euro cents; 0 for a free item (its orders are paid at checkout). */
  priceMinor: number;
  /** The item's limit per order (ordering allows at most 20 per line). */
  maxPerOrder: number;
  /** How long a paid order's tickets are held; 0 for the shop's default. */
  reservationMinutes: number;
}

export interface OrganiserShop {
  userId: string;
  organisationId: string;
  eventId: string;
  shopId: string;
  itemId: string;
}

/** Builds the organisation, event and shop, and waits until ordering sells the item. */
export async function buildOrganiserShop(info: StackInfo, spec: OrganiserShopSpec): Promise<OrganiserShop> {
  const callerKey = callerKeyFromRoot(info.env.KASSA_CALLER_KEY!);
  const identity = await createIdentityDriver({
    grpcAddress: info.identityGrpc!,
    namespace: info.namespace,
    sealingKey: info.env.KASSA_SEALING_KEY!,
    callerKey,
  });
  const events = createGrpcClient(EventServiceClient, info.catalogGrpc!, { callerKey, deadlineMs: 15_000 });
  const shops = createGrpcClient(ShopServiceClient, info.catalogGrpc!, { callerKey, deadlineMs: 15_000 });
  const ordering = createGrpcClient(OrderingServiceClient, info.orderingGrpc!, { callerKey, deadlineMs: 15_000 });
  try {
    const { userId } = await identity.signUp(`bench-${randomBytes(4).toString('hex')}@example.test`, 'Bench Organiser');
    const organisationId = await identity.createOrganisation(userId, spec.name);
    const as = { actorUserId: userId };
    const startsAt = new Date(Date.UTC(2031, 8, 12, 19));
    const { event } = await events.createEvent(
      {
        organisationId,
        fields: {
          name: spec.name,
          description: 'A benchmark night.',
          startsAt,
          endsAt: new Date(startsAt.getTime() + 4 * 3_600_000),
          ticketLimit: spec.capacity,
          translations: [],
          location: { address: 'Veemkade 1', city: 'Amsterdam', postalCode: '1019 HE', country: 'NL' },
          timeZone: 'Europe/Amsterdam',
        },
      },
      as,
    );
    const eventId = event!.id;
    const { ticketOption } = await events.createTicketOption(
      {
        organisationId,
        eventId,
        fields: { name: 'General', description: 'Entry for one person.', capacity: spec.capacity, translations: [] },
      },
      as,
    );
    await events.publishEvent({ organisationId, eventId }, as);

    const opensAt = new Date(Date.now() + 2_000);
    const { shop } = await shops.createShop(
      {
        organisationId,
        fields: {
          name: `${spec.name} tickets`,
          description: 'Tickets for the benchmark.',
          opensAt,
          closesAt: new Date(opensAt.getTime() + 24 * 3_600_000),
          translations: [],
          currency: 'EUR',
          password: undefined,
          donation: { enabled: false, suggestedAmountsMinor: [], allowCustomAmount: false },
          reservationMinutes: spec.reservationMinutes,
        },
      },
      as,
    );
    const shopId = shop!.id;
    const { item } = await shops.createShopItem(
      {
        organisationId,
        shopId,
        fields: {
          ticketOptionId: ticketOption!.id,
          extraEventIds: [],
          name: 'General',
          priceMinor: spec.priceMinor,
          saleStart: undefined,
          saleEnd: undefined,
          maxPerOrder: spec.maxPerOrder,
          position: 0,
        },
      },
      as,
    );
    await shops.publishShop({ organisationId, shopId }, as);

    // Open once catalog's job opened it and ordering's projection sells the item.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const answer = await ordering.getAvailability({ shopId }).catch(() => undefined);
      if (answer?.window === 'open' && answer.items.length === 1 && answer.items[0]!.status === 'available') break;
      if (Date.now() > deadline) throw new Error(`ordering never sold the shop: ${JSON.stringify(answer)}`);
      await sleep(250);
    }
    return { userId, organisationId, eventId, shopId, itemId: item!.id };
  } finally {
    events.close();
    shops.close();
    ordering.close();
    await identity.close();
  }
}

/** Runs `work` over `items` with at most `limit` at a time (set-up calls: fast, without flooding a service). */
export async function inBatches<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
