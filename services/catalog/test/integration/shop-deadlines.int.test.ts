import { newId } from '@kassa/platform/ids';
import { ShopChanged, ShopItemChanged } from '@kassa/proto/catalog/events/v1/events';
import type { ShopFields } from '@kassa/proto/catalog/v1/shops';
import { advanceShopWindow } from '../../src/application/advance-shop-window';
import { type CatalogContext, SYSTEM } from '../../src/application/catalog-context';
import { createDiscountCode } from '../../src/application/create-discount-code';
import { createEvent } from '../../src/application/create-event';
import { createShop } from '../../src/application/create-shop';
import { createShopItem } from '../../src/application/create-shop-item';
import { createTicketOption } from '../../src/application/create-ticket-option';
import { deleteEvent } from '../../src/application/delete-event';
import { deleteShop } from '../../src/application/delete-shop';
import { publishShop } from '../../src/application/publish-shop';
import { removeEvent } from '../../src/application/remove-event';
import { removeShop } from '../../src/application/remove-shop';
import { updateShop } from '../../src/application/update-shop';
import { processDueDeadlines } from '../../src/application/sweep-deadlines';
import { type CatalogHarness, startCatalogHarness } from '../fixtures/catalog-harness';

jest.setTimeout(60_000);

// A shop's opening, closing and removal with a moved clock (each use case takes ctx.now()), and one real delayed
// job. Shops are made on the system path; authorisation is covered by shops.int.test.ts.
let h: CatalogHarness;
beforeAll(async () => {
  h = await startCatalogHarness('shopdeadlines', { identity: false });
});
afterAll(async () => {
  await h?.stop();
});

const ORG = newId('org');
const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;
const at = (date: Date): CatalogContext => ({ ...h.running.ctx, now: () => date });
const fields = (opensAt: Date, closesAt: Date): ShopFields => ({
  name: 'Night Market Shop',
  description: '',
  opensAt,
  closesAt,
  translations: [],
  currency: 'EUR',
  password: undefined,
  donation: undefined,
  reservationMinutes: 0,
});

async function publicShop(now: Date, opensAt: Date, closesAt: Date): Promise<string> {
  const { shop } = await createShop(at(now), SYSTEM, { organisationId: ORG, fields: fields(opensAt, closesAt) });
  await publishShop(at(now), SYSTEM, { organisationId: ORG, shopId: shop!.id });
  return shop!.id;
}

const rowOf = async (shopId: string) =>
  (
    await h.sql<{ status: string; announced_window: string; version: number }>(
      'select status, announced_window, version from shops where id = ?',
      [shopId],
    )
  )[0];
const shopMessages = async (shopId: string, count: number) =>
  (
    await h.waitForStream(
      (all) =>
        all.filter((m) => m.subject.startsWith('kassa.catalog.shop.') && ShopChanged.decode(m.data).shop!.id === shopId)
          .length >= count,
    )
  )
    .filter((m) => m.subject.startsWith('kassa.catalog.shop.'))
    .map((m) => ({ subject: m.subject, message: ShopChanged.decode(m.data) }))
    .filter((m) => m.message.shop!.id === shopId);

describe('the automatic opening and closing', () => {
  it('opens a public shop at opens_at and closes it at closes_at, once each, with new snapshots', async () => {
    const now = new Date('2030-03-01T10:00:00Z');
    const opensAt = new Date('2030-03-02T10:00:00Z');
    const closesAt = new Date('2030-03-05T22:00:00Z');
    const shopId = await publicShop(now, opensAt, closesAt);
    expect(await rowOf(shopId)).toEqual({ status: 'public', announced_window: 'upcoming', version: 2 });

    expect(await advanceShopWindow(at(new Date(opensAt.getTime() - SECOND)), shopId)).toBe(false);
    expect(await advanceShopWindow(at(opensAt), shopId)).toBe(true);
    expect(await advanceShopWindow(at(opensAt), shopId)).toBe(false);
    expect(await rowOf(shopId)).toEqual({ status: 'public', announced_window: 'open', version: 3 });
    expect(await advanceShopWindow(at(new Date(closesAt.getTime() - SECOND)), shopId)).toBe(false);
    expect(await advanceShopWindow(at(closesAt), shopId)).toBe(true);
    expect(await advanceShopWindow(at(closesAt), shopId)).toBe(false);
    expect(await rowOf(shopId)).toEqual({ status: 'public', announced_window: 'closed', version: 4 });

    const messages = await shopMessages(shopId, 4);
    expect(
      messages.map((m) => [m.subject, m.message.shop!.version, m.message.shop!.window, m.message.actorUserId]),
    ).toEqual([
      ['kassa.catalog.shop.created', 1, '', ''],
      ['kassa.catalog.shop.published', 2, 'upcoming', ''],
      ['kassa.catalog.shop.opened', 3, 'open', ''],
      ['kassa.catalog.shop.closed', 4, 'closed', ''],
    ]);
    const actions = await h.sql<{ action: string; actor_user_id: string | null }>(
      'select action, actor_user_id from history_entry where entity_id = ? order by id desc limit 2',
      [shopId],
    );
    expect(actions).toEqual([
      { action: 'closed', actor_user_id: null },
      { action: 'opened', actor_user_id: null },
    ]);
  });

  it('is done by the sweep from PostgreSQL alone, and leaves drafts alone', async () => {
    const now = new Date('2030-04-01T10:00:00Z');
    const opening = await publicShop(now, new Date('2030-04-02T10:00:00Z'), new Date('2030-04-20T10:00:00Z'));
    // Both moments passed unseen: one "closed", no "opened".
    const closing = await publicShop(now, new Date('2030-04-02T10:00:00Z'), new Date('2030-04-03T10:00:00Z'));
    const { shop: draft } = await createShop(at(now), SYSTEM, {
      organisationId: ORG,
      fields: fields(new Date('2030-04-02T10:00:00Z'), new Date('2030-04-03T10:00:00Z')),
    });
    const result = await processDueDeadlines(at(new Date('2030-04-03T10:00:00Z')));
    expect(result.shopWindows).toBeGreaterThanOrEqual(2);
    expect((await rowOf(opening))!.announced_window).toBe('open');
    expect(await rowOf(closing)).toEqual({ status: 'public', announced_window: 'closed', version: 3 });
    expect(await rowOf(draft!.id)).toEqual({ status: 'draft', announced_window: '', version: 1 });
    expect((await processDueDeadlines(at(new Date('2030-04-03T10:00:00Z')))).shopWindows).toBe(0);
  });

  it('announces a moved window in the update itself, so the jobs send nothing twice', async () => {
    const now = new Date('2030-05-01T10:00:00Z');
    const shopId = await publicShop(now, new Date('2030-05-02T10:00:00Z'), new Date('2030-05-10T10:00:00Z'));
    const later = new Date('2030-05-03T10:00:00Z');
    await updateShop(at(later), SYSTEM, {
      organisationId: ORG,
      shopId,
      fields: fields(new Date('2030-05-04T10:00:00Z'), new Date('2030-05-10T10:00:00Z')),
    });
    expect(await rowOf(shopId)).toEqual({ status: 'public', announced_window: 'upcoming', version: 3 });
    expect(await advanceShopWindow(at(later), shopId)).toBe(false);
    expect(await advanceShopWindow(at(new Date('2030-05-04T10:00:00Z')), shopId)).toBe(true);
  });

  it('opens a shop on time by the delayed job, without a sweep', async () => {
    const opensAt = new Date(Date.now() + 2000);
    const shopId = await publicShop(new Date(), opensAt, new Date(Date.now() + DAY));
    expect((await rowOf(shopId))!.announced_window).toBe('upcoming');
    const deadline = Date.now() + 15_000;
    while ((await rowOf(shopId))!.announced_window !== 'open' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await rowOf(shopId))!.announced_window).toBe('open');
    expect(Date.now()).toBeGreaterThanOrEqual(opensAt.getTime());
    const messages = await shopMessages(shopId, 3);
    expect(messages.map((m) => m.subject)).toEqual([
      'kassa.catalog.shop.created',
      'kassa.catalog.shop.published',
      'kassa.catalog.shop.opened',
    ]);
  });
});

describe('the removal 14 days after deletion', () => {
  it('keeps a deleted shop until its grace period is over, then removes it with its items, codes and history', async () => {
    const now = new Date('2030-06-01T10:00:00Z');
    const { event } = await createEvent(at(now), SYSTEM, {
      organisationId: ORG,
      fields: {
        name: 'Fair',
        description: '',
        startsAt: new Date('2030-07-01T10:00:00Z'),
        endsAt: new Date('2030-07-01T12:00:00Z'),
        translations: [],
        location: undefined,
        timeZone: '',
      },
    });
    const { ticketOption } = await createTicketOption(at(now), SYSTEM, {
      organisationId: ORG,
      eventId: event!.id,
      fields: { name: 'Entry', description: '', translations: [] },
    });
    const shopId = await publicShop(now, new Date('2030-06-02T10:00:00Z'), new Date('2030-06-20T10:00:00Z'));
    await createShopItem(at(now), SYSTEM, {
      organisationId: ORG,
      shopId,
      fields: {
        ticketOptionId: ticketOption!.id,
        extraEventIds: [],
        name: '',
        priceMinor: 100,
        saleStart: undefined,
        saleEnd: undefined,
        maxPerOrder: undefined,
        position: 0,
      },
    });
    await createDiscountCode(at(now), SYSTEM, {
      organisationId: ORG,
      shopId,
      fields: {
        code: 'FAIR',
        type: 'fixed',
        value: 50,
        validFrom: undefined,
        validUntil: undefined,
        maxUses: undefined,
        itemIds: [],
      },
    });
    const deletedAt = new Date('2030-06-05T10:00:00Z');
    const { shop } = await deleteShop(at(deletedAt), SYSTEM, { organisationId: ORG, shopId });
    expect(shop).toMatchObject({
      status: 'deleted',
      deletedAt,
      removalAt: new Date(deletedAt.getTime() + 14 * DAY),
      window: '',
    });

    const due = new Date(deletedAt.getTime() + 14 * DAY);
    expect(await removeShop(at(new Date(due.getTime() - SECOND)), shopId)).toBe(false);
    expect((await processDueDeadlines(at(new Date(due.getTime() - SECOND)))).shopsRemoved).toBe(0);
    expect((await processDueDeadlines(at(due))).shopsRemoved).toBeGreaterThanOrEqual(1);
    expect(await removeShop(at(due), shopId)).toBe(false);
    const [left] = await h.sql<Record<string, number>>(
      `select (select count(*)::int from shops where id = ?) as shops, (select count(*)::int from shop_items where shop_id = ?) as items,
        (select count(*)::int from discount_codes where shop_id = ?) as codes, (select count(*)::int from history_entry where group_id = ?) as history`,
      [shopId, shopId, shopId, shopId],
    );
    expect(left).toEqual({ shops: 0, items: 0, codes: 0, history: 0 });
    const removed = (await shopMessages(shopId, 4)).at(-1)!;
    expect(removed).toMatchObject({
      subject: 'kassa.catalog.shop.removed',
      message: { change: 'removed', shop: { id: shopId, status: 'deleted', itemCount: 1 } },
    });
    expect(removed.message.shop!.version).toBe(shop!.version + 1);
  });

  it('deletes the shop items granting an event when that event is removed', async () => {
    const now = new Date('2030-08-01T10:00:00Z');
    const make = async (name: string) => {
      const { event } = await createEvent(at(now), SYSTEM, {
        organisationId: ORG,
        fields: {
          name,
          description: '',
          startsAt: new Date('2030-09-01T10:00:00Z'),
          endsAt: new Date('2030-09-01T12:00:00Z'),
          translations: [],
          location: undefined,
          timeZone: '',
        },
      });
      const { ticketOption } = await createTicketOption(at(now), SYSTEM, {
        organisationId: ORG,
        eventId: event!.id,
        fields: { name: 'Entry', description: '', translations: [] },
      });
      return { eventId: event!.id, optionId: ticketOption!.id };
    };
    const kept = await make('Kept');
    const gone = await make('Gone');
    const shopId = await publicShop(now, new Date('2030-08-02T10:00:00Z'), new Date('2030-08-20T10:00:00Z'));
    const item = (ticketOptionId: string, extraEventIds: string[]) =>
      createShopItem(at(now), SYSTEM, {
        organisationId: ORG,
        shopId,
        fields: {
          ticketOptionId,
          extraEventIds,
          name: '',
          priceMinor: 100,
          saleStart: undefined,
          saleEnd: undefined,
          maxPerOrder: undefined,
          position: 0,
        },
      });
    const single = (await item(kept.optionId, [])).item!.id;
    const offer = (await item(kept.optionId, [gone.eventId])).item!.id;
    const own = (await item(gone.optionId, [])).item!.id;
    const deletedAt = new Date('2030-08-03T10:00:00Z');
    await deleteEvent(at(deletedAt), SYSTEM, { organisationId: ORG, eventId: gone.eventId });
    expect(await removeEvent(at(new Date(deletedAt.getTime() + 14 * DAY)), gone.eventId)).toBe(true);
    expect(
      (await h.sql<{ id: string }>('select id from shop_items where shop_id = ? order by id', [shopId])).map(
        (row) => row.id,
      ),
    ).toEqual([single]);
    const deleted = (
      await h.waitForStream((all) => all.filter((m) => m.subject === 'kassa.catalog.shop_item.deleted').length >= 2)
    )
      .filter((m) => m.subject === 'kassa.catalog.shop_item.deleted')
      .map((m) => ShopItemChanged.decode(m.data));
    expect(deleted.map((m) => m.item!.id).sort()).toEqual([offer, own].sort());
    expect(deleted.every((m) => m.actorUserId === '')).toBe(true);
  });
});
