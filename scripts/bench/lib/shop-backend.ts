// The services behind the public shop and event pages for the benchmarks (shop-page, pages): identity, catalog
// and ordering from the e2e stack (their own databases, namespace and ports), and one open public shop built through
// their gRPC APIs the way the BFF would build it for an organiser. Stopped, databases dropped, at cleanup.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createGrpcClient, callerKeyFromRoot } from '@kassa/platform/grpc';
import { createIdentityDriver } from '@kassa/platform/testing';
import { EventServiceClient } from '@kassa/proto/catalog/v1/events';
import { ShopServiceClient } from '@kassa/proto/catalog/v1/shops';
import { OrderingServiceClient } from '@kassa/proto/ordering/v1/ordering';
import { startStack } from '@kassa/testing/stack';
import type { ProcessGroup } from './process-cpu';
import { profiledServices, serviceProcessGroups } from './stack-processes';
import type { Cleanup } from './cleanup';

export interface ShopBackend {
  catalogGrpc: string;
  /** The stack's KASSA_CALLER_KEY (base64url): the BFF started beside it signs its calls with it. */
  callerKey: string;
  orderingGrpc: string;
  /** The open public shop: one offer granting both events, three single tickets. */
  shopId: string;
  /** The shop's two live events (Friday Night, Saturday Night); their public pages list the shop. */
  eventIds: string[];
  /** The shop's name, which the events' pages show. */
  shopName: string;
  /** The stack's database names (catalog and ordering are the ones the page reads). */
  databases: string[];
  /** The services' processes, for CPU per request. */
  processGroups: ProcessGroup[];
  /** The shop's organisation, and its owner (who may ask for anything there). */
  organisationId: string;
  ownerUserId: string;
}

const quiet = { LOG_LEVEL: 'warn' };

export async function startShopBackend(cleanup: Cleanup): Promise<ShopBackend> {
  const stack = await startStack('benchshop', ['identity', 'catalog', 'ordering'], {
    env: { identity: quiet, catalog: quiet, ordering: quiet },
    bundles: true,
    cpuProfiles: profiledServices(),
  });
  cleanup.add('stop identity, catalog and ordering and drop their databases', () => stack.stop());

  const callerKey = callerKeyFromRoot(stack.info.env.KASSA_CALLER_KEY!);
  const identity = await createIdentityDriver({
    grpcAddress: stack.info.identityGrpc!,
    namespace: stack.info.namespace,
    sealingKey: stack.info.env.KASSA_SEALING_KEY!,
    callerKey,
  });
  const events = createGrpcClient(EventServiceClient, stack.info.catalogGrpc!, { callerKey, deadlineMs: 15_000 });
  const shops = createGrpcClient(ShopServiceClient, stack.info.catalogGrpc!, { callerKey, deadlineMs: 15_000 });
  const ordering = createGrpcClient(OrderingServiceClient, stack.info.orderingGrpc!, { callerKey, deadlineMs: 15_000 });
  try {
    const { userId } = await identity.signUp(`bench-${randomBytes(4).toString('hex')}@example.test`, 'Bench Organiser');
    const organisationId = await identity.createOrganisation(userId, 'Bench Concerts');
    const as = { actorUserId: userId };

    const eventIds: string[] = [];
    const optionIds: string[] = [];
    for (const [index, name] of ['Friday Night', 'Saturday Night'].entries()) {
      const startsAt = new Date(Date.UTC(2031, 6, 4 + index, 18));
      const { event } = await events.createEvent(
        {
          organisationId,
          fields: {
            name,
            description: 'An evening of music on the quay, with food trucks and a view of the boats.',
            startsAt,
            endsAt: new Date(startsAt.getTime() + 4 * 3_600_000),
            ticketLimit: 1_000,
            translations: [],
            location: { address: 'Veemkade 1', city: 'Amsterdam', postalCode: '1019 HE', country: 'NL' },
            timeZone: 'Europe/Amsterdam',
          },
        },
        as,
      );
      eventIds.push(event!.id);
      for (const [option, capacity] of [
        ['Regular', 800],
        ['Front row', 40],
      ] as const) {
        const { ticketOption } = await events.createTicketOption(
          {
            organisationId,
            eventId: event!.id,
            fields: { name: option, description: 'Entry for one person.', capacity, translations: [] },
          },
          as,
        );
        optionIds.push(ticketOption!.id);
      }
      await events.publishEvent({ organisationId, eventId: event!.id }, as);
    }

    // Opening in a few seconds (a shop whose window has begun is what guests see; catalog's job opens it).
    const shopName = 'Summer Nights';
    const opensAt = new Date(Date.now() + 3_000);
    const { shop } = await shops.createShop(
      {
        organisationId,
        fields: {
          name: shopName,
          description: 'Two nights of music on the quay. Pick a weekend pass or a single night.',
          opensAt,
          closesAt: new Date(opensAt.getTime() + 24 * 3_600_000),
          translations: [],
          currency: 'EUR',
          password: undefined,
          donation: { enabled: true, suggestedAmountsMinor: [250, 500, 1000], allowCustomAmount: true },
          reservationMinutes: 0,
        },
      },
      as,
    );
    const shopId = shop!.id;
    const item = (ticketOptionId: string, extraEventIds: string[], name: string, priceMinor: number) =>
      shops.createShopItem(
        {
          organisationId,
          shopId,
          fields: {
            ticketOptionId,
            extraEventIds,
            name,
            priceMinor,
            saleStart: undefined,
            saleEnd: undefined,
            maxPerOrder: 6,
            position: 0,
          },
        },
        as,
      );
    await item(optionIds[0]!, [eventIds[1]!], 'Weekend pass', 6_500);
    await item(optionIds[0]!, [], 'Friday regular', 3_500);
    await item(optionIds[1]!, [], 'Friday front row', 5_500);
    await item(optionIds[2]!, [], 'Saturday regular', 3_500);
    await shops.createDiscountCode(
      {
        organisationId,
        shopId,
        fields: {
          code: 'SUMMER10',
          type: 'percentage',
          value: 10,
          validFrom: undefined,
          validUntil: undefined,
          itemIds: [],
        },
      },
      as,
    );
    await shops.publishShop({ organisationId, shopId }, as);

    // Wait until the shop is open and ordering's projection sells all four items.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const answer = await ordering.getAvailability({ shopId }).catch(() => undefined);
      if (
        answer?.window === 'open' &&
        answer.items.length === 4 &&
        answer.items.every((entry) => entry.status === 'available')
      )
        break;
      if (Date.now() > deadline) throw new Error(`ordering never sold the shop: ${JSON.stringify(answer)}`);
      await sleep(250);
    }
    return {
      catalogGrpc: stack.info.catalogGrpc!,
      callerKey: stack.info.env.KASSA_CALLER_KEY!,
      orderingGrpc: stack.info.orderingGrpc!,
      shopId,
      eventIds,
      shopName,
      databases: stack.info.databases,
      processGroups: serviceProcessGroups(stack),
      organisationId,
      ownerUserId: userId,
    };
  } finally {
    events.close();
    shops.close();
    ordering.close();
    await identity.close();
  }
}
