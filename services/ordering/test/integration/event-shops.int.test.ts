// ListEventShops through gRPC: the public shops where an event's tickets are sold, open ones first, with the lowest
// price for the event and its availability; shops behind a password, draft or closed shops, shops that have not
// opened and show no coming-soon page, and other events' shops are left out.
import { type GrpcCallError, status } from '@kassa/platform/grpc';
import { newId } from '@kassa/platform/ids';
import { ShopChanged, ShopItemChanged } from '@kassa/proto/catalog/events/v1/events';
import { itemChanged, itemSnapshot, shopChanged, shopSnapshot } from '../fixtures/catalog-messages';
import { type OrderingHarness, startOrderingHarness } from '../fixtures/ordering-harness';
import { checkoutRequest, seedShop } from '../fixtures/orders';

jest.setTimeout(60_000);

let h: OrderingHarness;
beforeAll(async () => {
  h = await startOrderingHarness('event_shops');
});
afterAll(async () => {
  await h?.stop();
});

const HOUR = 60 * 60 * 1000;

it('lists where an event is sold: open shops first, then upcoming, with price from and availability', async () => {
  const open = await seedShop(h, { capacity: 2, priceMinor: 2500, shop: { name: 'Main Shop' } });
  const eventId = open.event.id;
  const publish = async (overrides: Parameters<typeof shopSnapshot>[0], priceMinor: number) => {
    const shop = shopSnapshot(overrides);
    await h.project('kassa.catalog.shop.published', ShopChanged, shopChanged(shop, 'published'));
    const item = itemSnapshot(shop.id, open.option.id, [eventId], { priceMinor, position: 1 });
    await h.project('kassa.catalog.shop_item.created', ShopItemChanged, itemChanged(item, 'created'));
    return shop;
  };
  const presale = await publish(
    {
      name: 'Presale',
      opensAt: new Date(Date.now() + 2 * HOUR),
      closesAt: new Date(Date.now() + 5 * HOUR),
      window: 'upcoming',
      showComingSoon: true,
    },
    1500,
  );
  // Not open yet and without a coming-soon page: guests cannot reach it before it opens, so it is not listed.
  await publish(
    {
      name: 'Unannounced',
      opensAt: new Date(Date.now() + HOUR),
      closesAt: new Date(Date.now() + 5 * HOUR),
      window: 'upcoming',
      showComingSoon: false,
    },
    500,
  );
  await publish({ name: 'Crew', passwordProtected: true }, 100);
  await publish({ name: 'Draft', status: 'draft' }, 100);
  await seedShop(h, { shop: { name: 'Another event' } });

  expect((await h.client.listEventShops({ eventId })).shops).toEqual([
    {
      shopId: open.shop.id,
      name: 'Main Shop',
      window: 'open',
      opensAt: open.shop.opensAt,
      closesAt: open.shop.closesAt,
      currency: 'EUR',
      priceFromMinor: 2500,
      status: 'available',
    },
    expect.objectContaining({
      shopId: presale.id,
      name: 'Presale',
      window: 'upcoming',
      priceFromMinor: 1500,
      status: 'upcoming',
    }),
  ]);

  // Sold out in the open shop: still listed, as sold out (its tickets may come back).
  await h.orders.checkout(checkoutRequest(open.shop.id, [{ itemId: open.item.id, quantity: 2 }]));
  const [main] = (await h.client.listEventShops({ eventId })).shops;
  expect(main).toMatchObject({ shopId: open.shop.id, status: 'sold out', priceFromMinor: 2500 });
});

it('refuses a malformed event id and has nothing for an unknown one', async () => {
  const error = await h.client.listEventShops({ eventId: 'nope' }).then(
    () => null,
    (caught: GrpcCallError) => caught,
  );
  expect(error?.code).toBe(status.INVALID_ARGUMENT);
  expect((await h.client.listEventShops({ eventId: newId('evt') })).shops).toEqual([]);
});
