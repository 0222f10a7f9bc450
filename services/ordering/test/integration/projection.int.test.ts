import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type GrpcCallError, status } from '@kassa/platform/grpc';
import { repositoryRoot, testCallerKeyText } from '@kassa/platform/testing';
import {
  DiscountCodeChanged,
  EventChanged,
  ShopChanged,
  ShopItemChanged,
  TicketOptionChanged,
} from '@kassa/proto/catalog/events/v1/events';
import type { Event, TicketOption } from '@kassa/proto/catalog/v1/events';
import type { DiscountCode, Shop, ShopItem } from '@kassa/proto/catalog/v1/shops';
import { CATALOG_PROJECTION_DURABLE } from '../../src/events/subjects';
import { rebuildProjection } from '../../src/events/projection-rebuild';
import { SNAPSHOT_TABLES } from '../../src/persistence/projection.repository';
import {
  codeChanged,
  codeSnapshot,
  eventChanged,
  eventSnapshot,
  itemChanged,
  itemSnapshot,
  optionChanged,
  optionSnapshot,
  shopChanged,
  shopSnapshot,
} from '../fixtures/catalog-messages';
import { type OrderingHarness, startOrderingHarness } from '../fixtures/ordering-harness';

jest.setTimeout(60_000);

let h: OrderingHarness;
const HOUR = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  h = await startOrderingHarness('projection', { createStream: false });
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

/** Publishes and waits until ordering's consumer has processed that very message (its inbox row). */
async function project(subject: string, send: (msgId: string) => Promise<void>): Promise<void> {
  const msgId = `obx_${randomBytes(8).toString('hex')}`;
  await send(msgId);
  const durable = h.running.namespace.durable(CATALOG_PROJECTION_DURABLE);
  await h.eventually(
    async () => (await h.sql('select 1 from inbox where consumer = ? and message_id = ?', [durable, msgId])).length > 0,
    `${subject} ${msgId} processed`,
  );
}
const sendEvent = (event: Event, change = 'updated') =>
  project(`event.${change}`, (id) =>
    h.publish(`kassa.catalog.event.${change}`, EventChanged, eventChanged(event, change), id),
  );
const sendOption = (option: TicketOption, change = 'updated') =>
  project(`ticket_option.${change}`, (id) =>
    h.publish(`kassa.catalog.ticket_option.${change}`, TicketOptionChanged, optionChanged(option, change), id),
  );
const sendShop = (shop: Shop, change = 'updated') =>
  project(`shop.${change}`, (id) =>
    h.publish(`kassa.catalog.shop.${change}`, ShopChanged, shopChanged(shop, change), id),
  );
const sendItem = (item: ShopItem, change = 'updated') =>
  project(`shop_item.${change}`, (id) =>
    h.publish(`kassa.catalog.shop_item.${change}`, ShopItemChanged, itemChanged(item, change), id),
  );
const sendCode = (code: DiscountCode, change = 'updated') =>
  project(`discount_code.${change}`, (id) =>
    h.publish(`kassa.catalog.discount_code.${change}`, DiscountCodeChanged, codeChanged(code, change), id),
  );

/** A public open shop selling a single ticket (capacity 5, max 4 per order) and an offer granting two events. */
async function buildShop(shopOverrides: Partial<Shop> = {}) {
  const concert = eventSnapshot({ ticketLimit: 500 });
  const afterParty = eventSnapshot({ name: 'After party', ticketLimit: 300 });
  const vip = optionSnapshot(concert.id, { name: 'VIP', capacity: 5 });
  const regular = optionSnapshot(concert.id, { capacity: 100 });
  const shop = shopSnapshot(shopOverrides);
  const single = itemSnapshot(shop.id, vip.id, [concert.id], { priceMinor: 1000, maxPerOrder: 4, position: 2 });
  const offer = itemSnapshot(shop.id, regular.id, [concert.id, afterParty.id], { priceMinor: 4000, position: 1 });
  const code = codeSnapshot(shop.id);
  for (const event of [concert, afterParty]) await sendEvent(event, 'published');
  for (const option of [vip, regular]) await sendOption(option, 'created');
  await sendShop(shop, 'published');
  for (const item of [single, offer]) await sendItem(item, 'created');
  await sendCode(code, 'created');
  return { concert, afterParty, vip, regular, shop, single, offer, code };
}

const availability = async (shopId: string) => {
  const answer = await h.client.getAvailability({ shopId });
  return Object.fromEntries(answer.items.map((item) => [item.itemId, item]));
};
const grpcError = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected an error');
    },
    (error: GrpcCallError) => error,
  );

describe("catalog's stream", () => {
  it('is waited for when ordering starts first, then read from its beginning', async () => {
    let started = false;
    void h.running.projection.started.then(() => (started = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(started).toBe(false);
    await h.createCatalogStream();
    await h.running.projection.started;
    const event = eventSnapshot();
    await sendEvent(event, 'created');
    expect(await h.sql('select status, version from event where id = ?', [event.id])).toEqual([
      { status: 'live', version: 1 },
    ]);
  });
});

describe('versions', () => {
  it('ignores older and equal versions; a redelivered snapshot changes nothing', async () => {
    const event = eventSnapshot();
    await sendEvent(event, 'published');
    const option = optionSnapshot(event.id, { capacity: 10, version: 3 });
    await sendOption(option);
    await sendOption({ ...option, capacity: 99, version: 2 });
    await sendOption({ ...option, capacity: 77, version: 3 });
    await sendOption(option); // the same snapshot again, under another message id
    expect(await h.sql('select capacity, version from ticket_option where id = ?', [option.id])).toEqual([
      { capacity: 10, version: 3 },
    ]);
    expect(await h.sql('select capacity from quota where id = ?', [option.id])).toEqual([{ capacity: 10 }]);
    await sendOption({ ...option, capacity: 12, version: 4 });
    expect(await h.sql('select capacity from quota_bucket where quota_id = ?', [option.id])).toEqual([
      { capacity: 12 },
    ]);
  });

  it('keeps deletions and removals: a late older snapshot does not bring an entity back', async () => {
    const { shop, single, code, concert, vip } = await buildShop();
    await sendItem({ ...single, version: 2 }, 'deleted');
    await sendItem({ ...single, version: 1, priceMinor: 1 });
    await sendCode({ ...code, version: 2 }, 'deleted');
    await sendCode({ ...code, version: 1 });
    await sendEvent({ ...concert, version: 2, status: 'deleted' }, 'deleted');
    await sendEvent({ ...concert, version: 2, status: 'deleted' }, 'removed');
    await sendEvent({ ...concert, version: 1, status: 'live' }, 'updated');
    expect(await h.sql('select removed from shop_item where id = ?', [single.id])).toEqual([{ removed: true }]);
    expect(await h.sql('select removed from discount_code where id = ?', [code.id])).toEqual([{ removed: true }]);
    expect(await h.sql('select status from event where id = ?', [concert.id])).toEqual([{ status: 'removed' }]);
    // The removed event's ticket options go with it; their quotas keep their counts.
    expect(await h.sql('select removed from ticket_option where id = ?', [vip.id])).toEqual([{ removed: true }]);
    expect(await h.sql('select count(*)::int as n from quota_bucket where quota_id = ?', [vip.id])).toEqual([{ n: 1 }]);
    await sendShop({ ...shop, version: 3, status: 'deleted' }, 'removed');
    await sendShop({ ...shop, version: 2 }, 'updated');
    expect(await h.sql('select status from shop where id = ?', [shop.id])).toEqual([{ status: 'removed' }]);
  });

  it('does not depend on arrival order: an item before its shop, ticket option and events', async () => {
    const event = eventSnapshot();
    const option = optionSnapshot(event.id, { capacity: 3 });
    const shop = shopSnapshot();
    const item = itemSnapshot(shop.id, option.id, [event.id]);
    await sendItem(item, 'created');
    await sendShop(shop, 'published');
    expect((await availability(shop.id))[item.id]).toMatchObject({ status: 'closed', maxQuantity: 0 });
    await sendOption(option, 'created');
    expect((await availability(shop.id))[item.id]).toMatchObject({ status: 'closed' });
    await sendEvent(event, 'published');
    expect((await availability(shop.id))[item.id]).toMatchObject({ status: 'available', maxQuantity: 3, remaining: 3 });
  });
});

describe('GetAvailability through a shop and its items lifecycle', () => {
  it('answers from quotas, sale windows, the shop window and the clock', async () => {
    const opensAt = at(2 * HOUR);
    const closesAt = at(10 * HOUR);
    const { shop, single, offer, vip, regular, afterParty, concert } = await buildShop({
      status: 'draft',
      window: '',
      opensAt,
      closesAt,
    });
    const notFound = async () =>
      expect((await grpcError(h.client.getAvailability({ shopId: shop.id }))).code).toBe(status.NOT_FOUND);

    h.clock.now = new Date();
    await notFound(); // draft
    await sendShop({ ...shop, version: 2, status: 'public', window: 'upcoming' }, 'published');
    let answer = await h.client.getAvailability({ shopId: shop.id });
    expect(answer.window).toBe('upcoming');
    expect(answer.items.map((item) => item.itemId)).toEqual([offer.id, single.id]); // display order
    expect(answer.items.map((item) => item.status)).toEqual(['upcoming', 'upcoming']);

    // The clock passes opens_at before catalog's "opened" arrives: open all the same.
    h.clock.now = at(3 * HOUR);
    answer = await h.client.getAvailability({ shopId: shop.id });
    expect(answer.window).toBe('open');
    expect(answer.computedAt).toEqual(h.clock.now);
    let items = await availability(shop.id);
    expect(items[single.id]).toMatchObject({ status: 'available', maxQuantity: 4, remaining: 5 });
    expect(items[offer.id]).toMatchObject({ status: 'available', maxQuantity: 20 });
    expect(items[offer.id]!.remaining).toBeUndefined();

    // Sales (Step 5 writes these counts): what is left shrinks, then runs out.
    await h.sql('update quota_bucket set sold = 3 where quota_id = ?', [vip.id]);
    expect((await availability(shop.id))[single.id]).toMatchObject({
      status: 'available',
      maxQuantity: 2,
      remaining: 2,
    });
    await h.sql('update quota_bucket set reserved = 2 where quota_id = ?', [vip.id]);
    expect((await availability(shop.id))[single.id]).toMatchObject({ status: 'sold out', maxQuantity: 0 });
    // The event's limit counts too: the after party's limit reached sells out the offer.
    await h.sql('update quota_bucket set sold = 300 where quota_id = ?', [afterParty.id]);
    expect((await availability(shop.id))[offer.id]).toMatchObject({ status: 'sold out' });
    await h.sql('update quota_bucket set sold = 0 where quota_id = ?', [afterParty.id]);

    // A capacity lowered below what is sold: sold out, nothing cancelled.
    await h.sql('update quota_bucket set sold = 8 where quota_id = ?', [regular.id]);
    await sendOption({ ...regular, capacity: 6, version: 2 });
    expect((await availability(shop.id))[offer.id]).toMatchObject({ status: 'sold out' });
    expect(await h.sql('select capacity, sold from quota_bucket where quota_id = ?', [regular.id])).toEqual([
      { capacity: 6, sold: 8 },
    ]);
    await sendOption({ ...regular, capacity: undefined, version: 3 });
    expect((await availability(shop.id))[offer.id]).toMatchObject({ status: 'available', maxQuantity: 20 });

    // The item's own sale window, then an event that ended.
    await sendItem({ ...single, version: 2, saleEnd: at(HOUR) });
    expect((await availability(shop.id))[single.id]).toMatchObject({ status: 'closed' });
    await sendItem({ ...single, version: 3, saleStart: at(5 * HOUR), saleEnd: undefined });
    expect((await availability(shop.id))[single.id]).toMatchObject({ status: 'sold out' }); // still no VIP left
    await h.sql('update quota_bucket set reserved = 0, sold = 0 where quota_id = ?', [vip.id]);
    expect((await availability(shop.id))[single.id]).toMatchObject({ status: 'upcoming' });
    await sendEvent({ ...afterParty, version: 2, status: 'ended' }, 'ended');
    expect((await availability(shop.id))[offer.id]).toMatchObject({ status: 'available' }); // the concert is still live
    await sendEvent({ ...concert, version: 2, status: 'deleted' }, 'deleted');
    items = await availability(shop.id);
    expect(items[offer.id]).toMatchObject({ status: 'closed' });
    expect(items[single.id]).toMatchObject({ status: 'closed' });

    // The clock passes closes_at before catalog's "closed" arrives: no longer reachable.
    h.clock.now = at(11 * HOUR);
    await notFound();
    h.clock.now = at(3 * HOUR);
    await sendShop({ ...shop, version: 3, status: 'public', window: 'closed' }, 'closed');
    await notFound(); // closed by catalog
    await sendShop({ ...shop, version: 4, status: 'public', window: 'open' }, 'updated');
    expect((await h.client.getAvailability({ shopId: shop.id })).window).toBe('open');
    await sendShop({ ...shop, version: 5, status: 'deleted', window: '' }, 'deleted');
    await notFound();
  });

  it('answers NOT_FOUND for an unknown shop and INVALID_ARGUMENT for a malformed id', async () => {
    h.clock.now = new Date();
    expect((await grpcError(h.client.getAvailability({ shopId: 'shp_01aaaaaaaaaaaaaaaaaaaaaaaa' }))).code).toBe(
      status.NOT_FOUND,
    );
    const malformed = await grpcError(h.client.getAvailability({ shopId: 'evt_1' }));
    expect(malformed.code).toBe(status.INVALID_ARGUMENT);
    expect(malformed.violations).toEqual([{ field: 'shopId', message: 'ID is invalid' }]);
  });

  it('costs two queries and writes nothing', async () => {
    h.clock.now = new Date();
    const { shop } = await buildShop();
    const connection = h.running.ctx.orm.em.getConnection();
    const queries: string[] = [];
    const original = connection.execute.bind(connection);
    connection.execute = ((query: string, ...rest: unknown[]) => {
      queries.push(String(query));
      return (original as (...args: unknown[]) => unknown)(query, ...rest);
    }) as typeof connection.execute;
    try {
      await h.client.getAvailability({ shopId: shop.id });
    } finally {
      connection.execute = original;
    }
    expect(queries).toHaveLength(2);
    expect(queries.every((query) => /^\s*select/i.test(query))).toBe(true);
  });
});

describe('PriceCart', () => {
  it('prices lines, discount, donation and fee in the shop display order', async () => {
    h.clock.now = new Date();
    const { shop, single, offer } = await buildShop();
    const answer = await h.client.priceCart({
      shopId: shop.id,
      lines: [
        { itemId: single.id, quantity: 3 },
        { itemId: offer.id, quantity: 2 },
      ],
      discountCode: 'summer10',
      donationMinor: 500,
    });
    expect(answer).toEqual({
      currency: 'EUR',
      lines: [
        {
          itemId: offer.id,
          quantity: 2,
          unitPriceMinor: 4000,
          subtotalMinor: 8000,
          discountMinor: 800,
          totalMinor: 7200,
        },
        {
          itemId: single.id,
          quantity: 3,
          unitPriceMinor: 1000,
          subtotalMinor: 3000,
          discountMinor: 300,
          totalMinor: 2700,
        },
      ],
      subtotalMinor: 11000,
      discountMinor: 1100,
      donationMinor: 500,
      feeMinor: 5 * 49,
      totalMinor: 11000 - 1100 + 500 + 245,
      discountStatus: 'applied',
      discountCode: 'SUMMER10',
    });
  });

  it("gives the code's verdict without failing the call", async () => {
    h.clock.now = new Date();
    const { shop, single, offer, code } = await buildShop();
    const price = (discountCode: string, itemId = single.id) =>
      h.client.priceCart({ shopId: shop.id, lines: [{ itemId, quantity: 1 }], discountCode, donationMinor: 0 });
    expect(await price('')).toMatchObject({ discountStatus: '', discountMinor: 0, totalMinor: 1049 });
    expect(await price('WINTER')).toMatchObject({ discountStatus: 'unknown', discountMinor: 0, discountCode: '' });
    await sendCode({ ...code, version: 2, validFrom: at(HOUR) });
    expect(await price('SUMMER10')).toMatchObject({ discountStatus: 'not_started' });
    await sendCode({ ...code, version: 3, validUntil: at(-HOUR) });
    expect(await price('SUMMER10')).toMatchObject({ discountStatus: 'expired' });
    await sendCode({ ...code, version: 4, maxUses: 2, itemIds: [offer.id] });
    expect(await price('SUMMER10')).toMatchObject({ discountStatus: 'not_applicable', discountMinor: 0 });
    expect(await price('SUMMER10', offer.id)).toMatchObject({ discountStatus: 'applied', discountMinor: 400 });
    await h.sql('insert into discount_usage (discount_code_id, used) values (?, 2)', [code.id]);
    expect(await price('SUMMER10', offer.id)).toMatchObject({ discountStatus: 'used_up', discountMinor: 0 });
  });

  it('refuses bad carts with field violations, and closed shops with NOT_FOUND', async () => {
    h.clock.now = new Date();
    const { shop, single, offer, vip } = await buildShop();
    const violations = async (request: Partial<Parameters<typeof h.client.priceCart>[0]>) => {
      const error = await grpcError(
        h.client.priceCart({ shopId: shop.id, lines: [], discountCode: '', donationMinor: 0, ...request }),
      );
      expect(error.code).toBe(status.INVALID_ARGUMENT);
      return error.violations;
    };
    expect(await violations({})).toEqual([{ field: 'lines', message: 'Checkout needs at least one item' }]);
    expect(
      await violations({
        lines: [
          { itemId: single.id, quantity: 0 },
          { itemId: 'itm_01aaaaaaaaaaaaaaaaaaaaaaaa', quantity: 1 },
          { itemId: offer.id, quantity: 21 },
          { itemId: offer.id, quantity: 1 },
          { itemId: 'nonsense', quantity: 1 },
        ],
        donationMinor: 700,
      }),
    ).toEqual([
      { field: 'lines.0.quantity', message: 'Minimum value is 1' },
      { field: 'lines.3.itemId', message: 'Each item can be in the cart only once' },
      { field: 'lines.4.itemId', message: 'ID is invalid' },
      { field: 'lines.1.itemId', message: 'ID is invalid' },
      { field: 'lines.2.quantity', message: 'Maximum value is 20' },
      { field: 'donationMinor', message: 'Donation is invalid' },
    ]);
    expect(await violations({ lines: [{ itemId: single.id, quantity: 5 }] })).toEqual([
      { field: 'lines.0.quantity', message: 'Maximum value is 4' },
    ]);
    await h.sql('update quota_bucket set sold = 5 where quota_id = ?', [vip.id]);
    expect(await violations({ lines: [{ itemId: single.id, quantity: 1 }] })).toEqual([
      { field: 'lines.0.quantity', message: 'This item is sold out' },
    ]);
    expect(await violations({ lines: [{ itemId: offer.id, quantity: 1 }], donationMinor: -5 })).toEqual([
      { field: 'donationMinor', message: 'Minimum value is 0' },
    ]);

    await sendShop({ ...shop, version: 2, window: 'closed' }, 'closed');
    const closed = await grpcError(
      h.client.priceCart({
        shopId: shop.id,
        lines: [{ itemId: offer.id, quantity: 1 }],
        discountCode: '',
        donationMinor: 0,
      }),
    );
    expect(closed.code).toBe(status.NOT_FOUND);
  });
});

describe('rebuild', () => {
  const dump = async () => {
    const tables: Record<string, unknown[]> = {};
    for (const table of [...SNAPSHOT_TABLES, 'quota', 'quota_bucket'])
      tables[table] = await h.sql(`select * from ${table} order by 1, 2`);
    return tables;
  };

  it('replays catalog stream into the same projection, keeping the counts', async () => {
    h.clock.now = new Date();
    const { shop, vip } = await buildShop();
    await h.sql('update quota_bucket set sold = 2 where quota_id = ?', [vip.id]);
    const before = await dump();
    const availabilityBefore = await h.client.getAvailability({ shopId: shop.id });

    const result = await rebuildProjection({
      orm: h.running.ctx.orm,
      nats: h.nats,
      namespace: h.running.namespace,
      logger: h.running.ctx.logger,
    });
    expect(result.failed).toBe(0);
    expect(result.applied).toBe(result.read);
    expect(await dump()).toEqual(before);
    expect({ ...(await h.client.getAvailability({ shopId: shop.id })), computedAt: undefined }).toEqual({
      ...availabilityBefore,
      computedAt: undefined,
    });
  });

  it('runs as `npm run rebuild-projection` and restores what was lost', async () => {
    const before = await dump();
    await h.sql('delete from shop_item');
    await h.sql("update shop set version = 0, status = 'draft'");
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join('services', 'ordering', 'src', 'events', 'rebuild-projection.ts')],
      {
        cwd: repositoryRoot(),
        env: {
          ...process.env,
          DATABASE_URL: h.database.url,
          KASSA_NAMESPACE: h.namespace,
          KASSA_ENV: 'test',
          LOG_LEVEL: 'warn',
          KASSA_SEALING_KEY: h.sealingKey,
          KASSA_CALLER_KEY: testCallerKeyText,
        },
      },
    );
    expect(await dump()).toEqual(before);
  });
});
