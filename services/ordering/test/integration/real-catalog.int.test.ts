// The projection fed by the real catalog service (child processes from testing/src/stack.ts: identity, catalog and
// ordering with their own databases and namespace), so catalog's actual events are proven to land. Nothing of
// catalog is imported: it is reached through its gRPC API only.
import { createGrpcClient, type PromiseClient, status, callerKeyFromRoot } from '@kassa/platform/grpc';
import { createIdentityDriver, type IdentityDriver } from '@kassa/platform/testing';
import { EventServiceClient, type EventServiceService } from '@kassa/proto/catalog/v1/events';
import { ShopServiceClient, type ShopServiceService } from '@kassa/proto/catalog/v1/shops';
import { OrderingServiceClient, type OrderingServiceService } from '@kassa/proto/ordering/v1/ordering';
import { type Stack, startStack } from '@kassa/testing/stack';

jest.setTimeout(120_000);

let stack: Stack;
let identity: IdentityDriver;
let events: PromiseClient<typeof EventServiceService>;
let shops: PromiseClient<typeof ShopServiceService>;
let ordering: PromiseClient<typeof OrderingServiceService>;

beforeAll(async () => {
  stack = await startStack('ordcat', ['identity', 'catalog', 'ordering']);
  const { info } = stack;
  const callerKey = callerKeyFromRoot(info.env.KASSA_CALLER_KEY!);
  identity = await createIdentityDriver({
    grpcAddress: info.identityGrpc!,
    namespace: info.namespace,
    sealingKey: info.env.KASSA_SEALING_KEY!,
    callerKey,
  });
  events = createGrpcClient(EventServiceClient, info.catalogGrpc!, { callerKey, deadlineMs: 15_000 });
  shops = createGrpcClient(ShopServiceClient, info.catalogGrpc!, { callerKey, deadlineMs: 15_000 });
  ordering = createGrpcClient(OrderingServiceClient, info.orderingGrpc!, { callerKey, deadlineMs: 15_000 });
}, 180_000);
afterAll(async () => {
  events?.close();
  shops?.close();
  ordering?.close();
  await identity?.close();
  await stack?.stop();
});

async function eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`never happened: ${what} (last error: ${String(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

it("catalog's events, ticket options, shop, items and codes reach ordering's projection", async () => {
  const { userId } = await identity.signUp(`owner-${stack.info.namespace}@example.test`, 'Olive Owner');
  const organisationId = await identity.createOrganisation(userId, 'Projection Test');
  const as = { actorUserId: userId };
  const now = Date.now();
  const { event } = await events.createEvent(
    {
      organisationId,
      fields: {
        name: 'Summer Concert',
        description: '',
        startsAt: new Date(now + 48 * 3600_000),
        endsAt: new Date(now + 52 * 3600_000),
        ticketLimit: 300,
        translations: [],
        location: { address: 'Museumplein 1', city: 'Amsterdam', postalCode: '1071 DJ', country: 'NL' },
        timeZone: 'Europe/Amsterdam',
      },
    },
    as,
  );
  const { ticketOption } = await events.createTicketOption(
    { organisationId, eventId: event!.id, fields: { name: 'Regular', description: '', capacity: 8, translations: [] } },
    as,
  );
  await events.publishEvent({ organisationId, eventId: event!.id }, as);

  const { shop } = await shops.createShop(
    {
      organisationId,
      fields: {
        name: 'Summer Concert Tickets',
        description: '',
        opensAt: new Date(now - 60_000),
        closesAt: new Date(now + 24 * 3600_000),
        translations: [],
        currency: 'EUR',
        password: undefined,
        donation: { enabled: true, suggestedAmountsMinor: [500], allowCustomAmount: false },
        reservationMinutes: 0,
      },
    },
    as,
  );
  const { item } = await shops.createShopItem(
    {
      organisationId,
      shopId: shop!.id,
      fields: {
        ticketOptionId: ticketOption!.id,
        extraEventIds: [],
        name: '',
        priceMinor: 2500,
        saleStart: undefined,
        saleEnd: undefined,
        maxPerOrder: 6,
        position: 0,
      },
    },
    as,
  );
  await shops.createDiscountCode(
    {
      organisationId,
      shopId: shop!.id,
      fields: {
        code: 'Summer10',
        type: 'percentage',
        value: 10,
        validFrom: undefined,
        validUntil: undefined,
        maxUses: undefined,
        itemIds: [],
      },
    },
    as,
  );
  await shops.publishShop({ organisationId, shopId: shop!.id }, as);

  const available = await eventually(async () => {
    const answer = await ordering.getAvailability({ shopId: shop!.id });
    return answer.items[0]?.status === 'available' ? answer : undefined;
  }, 'the shop available in ordering');
  expect(available.window).toBe('open');
  expect(available.items).toEqual([{ itemId: item!.id, status: 'available', maxQuantity: 6, remaining: 8 }]);

  const price = await eventually(async () => {
    const answer = await ordering.priceCart({
      shopId: shop!.id,
      lines: [{ itemId: item!.id, quantity: 2 }],
      discountCode: 'SUMMER10',
      donationMinor: 500,
    });
    return answer.discountStatus === 'applied' ? answer : undefined;
  }, 'the discount code in ordering');
  expect(price).toMatchObject({
    subtotalMinor: 5000,
    discountMinor: 500,
    donationMinor: 500,
    feeMinor: 98,
    totalMinor: 5098,
    discountCode: 'Summer10',
  });

  // A change in catalog reaches availability: capacity lowered, then the shop back to draft.
  await events.updateTicketOption(
    {
      organisationId,
      ticketOptionId: ticketOption!.id,
      fields: { name: 'Regular', description: '', capacity: 3, translations: [] },
    },
    as,
  );
  await eventually(
    async () => ((await ordering.getAvailability({ shopId: shop!.id })).items[0]?.maxQuantity === 3 ? true : undefined),
    'the lowered capacity',
  );
  await shops.convertShopToDraft({ organisationId, shopId: shop!.id }, as);
  await eventually(
    async () =>
      ordering.getAvailability({ shopId: shop!.id }).then(
        () => undefined,
        (error: { code?: number }) => (error.code === status.NOT_FOUND ? true : undefined),
      ),
    'the draft shop hidden from guests',
  );
});
