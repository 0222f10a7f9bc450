import { randomBytes } from 'node:crypto';
import { SHOP_LIMITS } from '@kassa/contracts/shops';
import { type GrpcCallError, status } from '@kassa/platform/grpc';
import { newId } from '@kassa/platform/ids';
import { DiscountCodeChanged, ShopChanged, ShopItemChanged } from '@kassa/proto/catalog/events/v1/events';
import type { EventFields } from '@kassa/proto/catalog/v1/events';
import type { DiscountCodeFields, ShopFields, ShopItemFields } from '@kassa/proto/catalog/v1/shops';
import { SYSTEM } from '../../src/application/catalog-context';
import { createDiscountCode } from '../../src/application/create-discount-code';
import { createEvent } from '../../src/application/create-event';
import { createShop } from '../../src/application/create-shop';
import { createShopItem } from '../../src/application/create-shop-item';
import { createTicketOption } from '../../src/application/create-ticket-option';
import { getPublicShop } from '../../src/application/get-public-shop';
import { publishEvent } from '../../src/application/publish-event';
import { type CatalogHarness, startCatalogHarness } from '../fixtures/catalog-harness';

jest.setTimeout(60_000);

let h: CatalogHarness;
let owner: string;
let scanner: string;
let eventsOnly: string;
let orgA: string;
let orgB: string;
const as = (userId: string) => ({ actorUserId: userId });
const address = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;

beforeAll(async () => {
  h = await startCatalogHarness('shops');
  const identity = h.identity!;
  owner = (await identity.signUp(address('owner'), 'Olive Owner')).userId;
  orgA = await identity.createOrganisation(owner, 'Organisation A');
  scanner = (await identity.addMember(orgA, owner, address('scanner'), ['checkin'])).userId;
  eventsOnly = (await identity.addMember(orgA, owner, address('events'), ['events'])).userId;
  const ownerB = (await identity.signUp(address('owner-b'))).userId;
  orgB = await identity.createOrganisation(ownerB, 'Organisation B');
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

const hours = (n: number) => new Date(Date.now() + n * 3600_000);
const eventFields = (name: string, startsAt = hours(48)): EventFields => ({
  name,
  description: '',
  startsAt,
  endsAt: new Date(startsAt.getTime() + 4 * 3600_000),
  translations: [{ locale: 'nl', name: `${name} NL`, description: '' }],
  location: { address: '', city: 'Utrecht', postalCode: '', country: 'NL' },
  timeZone: 'Europe/Amsterdam',
});
const OPENS = hours(-1);
const CLOSES = hours(24 * 30);
const shopFields = (overrides: Partial<ShopFields> = {}): ShopFields => ({
  name: 'Summer Shop',
  description: 'Tickets for the summer',
  opensAt: OPENS,
  closesAt: CLOSES,
  translations: [{ locale: 'nl', name: 'Zomerwinkel', description: 'Tickets voor de zomer' }],
  currency: 'EUR',
  password: undefined,
  donation: { enabled: true, suggestedAmountsMinor: [500, 1000], allowCustomAmount: true },
  reservationMinutes: 0,
  ...overrides,
});
const itemFields = (ticketOptionId: string, overrides: Partial<ShopItemFields> = {}): ShopItemFields => ({
  ticketOptionId,
  extraEventIds: [],
  name: '',
  priceMinor: 2500,
  saleStart: undefined,
  saleEnd: undefined,
  maxPerOrder: undefined,
  position: 0,
  ...overrides,
});
const codeFields = (overrides: Partial<DiscountCodeFields> = {}): DiscountCodeFields => ({
  code: 'Summer10',
  type: 'percentage',
  value: 10,
  validFrom: undefined,
  validUntil: undefined,
  maxUses: undefined,
  itemIds: [],
  ...overrides,
});

/** A live event with one ticket option, made on the system path. */
async function liveEvent(organisationId: string, name: string, startsAt?: Date) {
  const { event } = await createEvent(h.running.ctx, SYSTEM, { organisationId, fields: eventFields(name, startsAt) });
  const { ticketOption } = await createTicketOption(h.running.ctx, SYSTEM, {
    organisationId,
    eventId: event!.id,
    fields: { name: `${name} ticket`, description: `Entry to ${name}`, capacity: 100, translations: [] },
  });
  await publishEvent(h.running.ctx, SYSTEM, { organisationId, eventId: event!.id });
  return { eventId: event!.id, optionId: ticketOption!.id };
}

/** A digest of everything the service stores about shops, to prove that a refused call changed nothing. */
async function fingerprint(): Promise<unknown> {
  const [row] = await h.sql(`select
    (select string_agg(id || ':' || status || ':' || version || ':' || name || ':' || password_version, ',' order by id) from shops) as shops,
    (select string_agg(id || ':' || version || ':' || price_minor || ':' || event_ids::text, ',' order by id) from shop_items) as items,
    (select string_agg(id || ':' || version || ':' || code_key, ',' order by id) from discount_codes) as codes,
    (select count(*) from ticket_option) as options,
    (select count(*) from history_entry) as history,
    (select count(*) from outbox) as outbox`);
  return row;
}

const codeOf = (error: unknown) => (error as GrpcCallError | undefined)?.code;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: GrpcCallError) => error,
  );

describe('ShopService as an organiser', () => {
  it('runs every RPC: shops, items, codes, publish, locate, public view, convert, delete, history', async () => {
    const concert = await liveEvent(orgA, 'Concert', hours(72));
    const jazz = await liveEvent(orgA, 'Jazz', hours(96));

    const { shop: created } = await h.shops.createShop(
      { organisationId: orgA, fields: shopFields({ currency: 'eur' }) },
      as(owner),
    );
    expect(created).toMatchObject({
      organisationId: orgA,
      status: 'draft',
      window: '',
      version: 1,
      currency: 'EUR',
      reservationMinutes: 15,
      passwordProtected: false,
      itemCount: 0,
    });
    expect(created!.id).toMatch(/^shp_/);
    const shopId = created!.id;

    const { shop: updated } = await h.shops.updateShop(
      {
        organisationId: orgA,
        shopId,
        fields: shopFields({ name: 'Big Summer Shop', currency: 'USD', reservationMinutes: 20 }),
      },
      as(owner),
    );
    expect(updated).toMatchObject({ name: 'Big Summer Shop', currency: 'EUR', reservationMinutes: 20, version: 2 });
    // The same values again are no change.
    expect(
      (
        await h.shops.updateShop(
          { organisationId: orgA, shopId, fields: shopFields({ name: 'Big Summer Shop', reservationMinutes: 20 }) },
          as(owner),
        )
      ).shop!.version,
    ).toBe(2);
    expect((await h.shops.getShop({ organisationId: orgA, shopId }, as(owner))).shop).toEqual(updated);

    const { item: single } = await h.shops.createShopItem(
      { organisationId: orgA, shopId, fields: itemFields(concert.optionId, { maxPerOrder: 6 }) },
      as(owner),
    );
    expect(single).toMatchObject({
      shopId,
      ticketOptionId: concert.optionId,
      eventIds: [concert.eventId],
      priceMinor: 2500,
      maxPerOrder: 6,
      position: 1,
      version: 1,
    });
    const { item: offer } = await h.shops.createShopItem(
      {
        organisationId: orgA,
        shopId,
        fields: itemFields(jazz.optionId, {
          name: 'Weekend pass',
          priceMinor: 4000,
          extraEventIds: [concert.eventId, jazz.eventId],
        }),
      },
      as(owner),
    );
    // The ticket option's own event comes first and is not repeated.
    expect(offer).toMatchObject({ eventIds: [jazz.eventId, concert.eventId], position: 2, name: 'Weekend pass' });
    const { item: singleUpdated } = await h.shops.updateShopItem(
      { organisationId: orgA, shopId, itemId: single!.id, fields: itemFields(concert.optionId, { priceMinor: 3000 }) },
      as(owner),
    );
    expect(singleUpdated).toMatchObject({ priceMinor: 3000, position: 1, version: 2 });
    expect(singleUpdated!.maxPerOrder).toBeUndefined();
    expect((await h.shops.listShopItems({ organisationId: orgA, shopId }, as(owner))).items.map((i) => i.id)).toEqual([
      single!.id,
      offer!.id,
    ]);

    const { discountCode: code } = await h.shops.createDiscountCode(
      { organisationId: orgA, shopId, fields: codeFields({ itemIds: [offer!.id] }) },
      as(owner),
    );
    expect(code).toMatchObject({
      shopId,
      code: 'Summer10',
      type: 'percentage',
      value: 10,
      itemIds: [offer!.id],
      version: 1,
    });
    await expect(
      h.shops.createDiscountCode({ organisationId: orgA, shopId, fields: codeFields({ code: 'SUMMER10' }) }, as(owner)),
    ).rejects.toMatchObject({ code: status.ALREADY_EXISTS });
    const { discountCode: fixed } = await h.shops.createDiscountCode(
      {
        organisationId: orgA,
        shopId,
        fields: codeFields({ code: 'FIVE-OFF', type: 'fixed', value: 500, maxUses: 10 }),
      },
      as(owner),
    );
    await expect(
      h.shops.updateDiscountCode(
        { organisationId: orgA, shopId, discountCodeId: fixed!.id, fields: codeFields({ code: 'summer10' }) },
        as(owner),
      ),
    ).rejects.toMatchObject({
      code: status.ALREADY_EXISTS,
    });
    const { discountCode: fixedUpdated } = await h.shops.updateDiscountCode(
      {
        organisationId: orgA,
        shopId,
        discountCodeId: fixed!.id,
        fields: codeFields({ code: 'five-off', type: 'fixed', value: 700, maxUses: 10 }),
      },
      as(owner),
    );
    expect(fixedUpdated).toMatchObject({ code: 'five-off', value: 700, maxUses: 10, version: 2 });
    expect(
      (await h.shops.listDiscountCodes({ organisationId: orgA, shopId }, as(owner))).discountCodes.map((c) => c.code),
    ).toEqual(['five-off', 'Summer10']);

    const listed = await h.shops.listShops(
      { organisationId: orgA, query: 'big summer', statuses: [], page: undefined },
      as(owner),
    );
    expect(listed.shops.find((s) => s.id === shopId)).toMatchObject({ itemCount: 2 });
    expect(
      (
        await h.shops.listShops({ organisationId: orgA, query: '', statuses: ['public'], page: undefined }, as(owner))
      ).shops.map((s) => s.id),
    ).not.toContain(shopId);

    await expect(h.shops.getPublicShop({ shopId, locale: 'en', password: '', accessToken: '' })).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    const { shop: published } = await h.shops.publishShop({ organisationId: orgA, shopId }, as(owner));
    expect(published).toMatchObject({ status: 'public', window: 'open', version: 3 });
    expect((await h.shops.publishShop({ organisationId: orgA, shopId }, as(owner))).shop!.version).toBe(3);
    expect(await h.shops.locateShop({ shopId }, as(scanner))).toEqual({
      organisationId: orgA,
      name: 'Big Summer Shop',
      status: 'public',
    });

    const { shop: guestView, accessToken } = await h.shops.getPublicShop({
      shopId,
      locale: 'nl',
      password: '',
      accessToken: '',
    });
    expect(accessToken).toBe('');
    expect(guestView).toMatchObject({
      id: shopId,
      organisationId: orgA,
      name: 'Zomerwinkel',
      window: 'open',
      currency: 'EUR',
      passwordRequired: false,
      donation: { enabled: true, suggestedAmountsMinor: [500, 1000] },
    });
    expect(guestView!.events.map((e) => [e.id, e.name])).toEqual([
      [concert.eventId, 'Concert NL'],
      [jazz.eventId, 'Jazz NL'],
    ]);
    expect(guestView!.items.map((i) => [i.id, i.name, i.priceMinor, i.eventIds])).toEqual([
      [single!.id, 'Concert ticket', 3000, [concert.eventId]],
      [offer!.id, 'Weekend pass', 4000, [concert.eventId, jazz.eventId]],
    ]);
    expect(guestView!.items[0]).toMatchObject({
      description: 'Entry to Concert',
      saleStart: published!.opensAt,
      saleEnd: published!.closesAt,
    });

    // Deleting an item takes it out of the codes; a code left with no items goes too.
    await h.shops.deleteShopItem({ organisationId: orgA, shopId, itemId: offer!.id }, as(owner));
    await h.shops.deleteShopItem({ organisationId: orgA, shopId, itemId: offer!.id }, as(owner));
    expect(
      (await h.shops.listDiscountCodes({ organisationId: orgA, shopId }, as(owner))).discountCodes.map((c) => c.code),
    ).toEqual(['five-off']);
    await h.shops.deleteDiscountCode({ organisationId: orgA, shopId, discountCodeId: fixed!.id }, as(owner));
    await h.shops.deleteDiscountCode({ organisationId: orgA, shopId, discountCodeId: fixed!.id }, as(owner));
    expect((await h.shops.listDiscountCodes({ organisationId: orgA, shopId }, as(owner))).discountCodes).toEqual([]);

    const { shop: draft } = await h.shops.convertShopToDraft({ organisationId: orgA, shopId }, as(owner));
    expect(draft).toMatchObject({ status: 'draft', window: '', version: 4 });
    expect((await h.shops.convertShopToDraft({ organisationId: orgA, shopId }, as(owner))).shop!.version).toBe(4);
    await expect(h.shops.getPublicShop({ shopId, locale: 'en', password: '', accessToken: '' })).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });

    const { shop: deleted } = await h.shops.deleteShop({ organisationId: orgA, shopId }, as(owner));
    expect(deleted).toMatchObject({ status: 'deleted', version: 5, itemCount: 1 });
    expect(deleted!.removalAt!.getTime() - deleted!.deletedAt!.getTime()).toBe(14 * 24 * 3600_000);
    expect((await h.shops.deleteShop({ organisationId: orgA, shopId }, as(owner))).shop!.version).toBe(5);
    expect(
      (
        await h.shops.listShops({ organisationId: orgA, query: '', statuses: [], page: undefined }, as(owner))
      ).shops.map((s) => s.id),
    ).not.toContain(shopId);
    expect(
      (
        await h.shops.listShops({ organisationId: orgA, query: '', statuses: ['deleted'], page: undefined }, as(owner))
      ).shops.map((s) => s.id),
    ).toContain(shopId);
    for (const call of [
      h.shops.updateShop({ organisationId: orgA, shopId, fields: shopFields() }, as(owner)),
      h.shops.publishShop({ organisationId: orgA, shopId }, as(owner)),
      h.shops.createShopItem({ organisationId: orgA, shopId, fields: itemFields(concert.optionId) }, as(owner)),
      h.shops.createDiscountCode({ organisationId: orgA, shopId, fields: codeFields({ code: 'LATE' }) }, as(owner)),
    ]) {
      expect(codeOf(await failure(call))).toBe(status.FAILED_PRECONDITION);
    }

    // History: newest first; the shop's includes its items' and codes'.
    const history = (
      await h.shops.listShopHistory({ organisationId: orgA, entityId: shopId, page: undefined }, as(owner))
    ).entries;
    expect(history.map((entry) => `${entry.entityId.slice(0, 3)}:${entry.action}`)).toEqual([
      'shp:deleted',
      'shp:converted_to_draft',
      'dsc:deleted',
      'dsc:deleted',
      'itm:deleted',
      'shp:published',
      'dsc:updated',
      'dsc:created',
      'dsc:created',
      'itm:updated',
      'itm:created',
      'itm:created',
      'shp:updated',
      'shp:created',
    ]);
    expect(new Set(history.map((entry) => entry.actorUserId))).toEqual(new Set([owner]));
    expect(JSON.parse(history.at(-2)!.propertiesJson)).toEqual({
      name: { from: 'Summer Shop', to: 'Big Summer Shop' },
      reservationMinutes: { from: 15, to: 20 },
    });
    const itemHistory = (
      await h.shops.listShopHistory({ organisationId: orgA, entityId: offer!.id, page: undefined }, as(owner))
    ).entries;
    expect(itemHistory.map((entry) => entry.action)).toEqual(['deleted', 'created']);
    const codeHistory = (
      await h.shops.listShopHistory({ organisationId: orgA, entityId: code!.id, page: undefined }, as(owner))
    ).entries;
    expect(codeHistory.map((entry) => entry.action)).toEqual(['deleted', 'created']);
    const paged = await h.shops.listShopHistory(
      { organisationId: orgA, entityId: shopId, page: { pageSize: 5, pageToken: '' } },
      as(owner),
    );
    expect(paged.entries.map((e) => e.id)).toEqual(history.slice(0, 5).map((e) => e.id));
  });

  it('publishes whole snapshots with increasing versions on the namespaced stream', async () => {
    const concert = await liveEvent(orgA, 'Stream concert');
    const { shop } = await h.shops.createShop(
      { organisationId: orgA, fields: shopFields({ password: 'open sesame' }) },
      as(owner),
    );
    const { item } = await h.shops.createShopItem(
      { organisationId: orgA, shopId: shop!.id, fields: itemFields(concert.optionId) },
      as(owner),
    );
    const { discountCode } = await h.shops.createDiscountCode(
      { organisationId: orgA, shopId: shop!.id, fields: codeFields() },
      as(owner),
    );
    await h.shops.publishShop({ organisationId: orgA, shopId: shop!.id }, as(owner));
    await h.shops.updateShop(
      { organisationId: orgA, shopId: shop!.id, fields: shopFields({ password: '' }) },
      as(owner),
    );
    await h.shops.deleteShopItem({ organisationId: orgA, shopId: shop!.id, itemId: item!.id }, as(owner));

    type Messages = { subject: string; data: Uint8Array }[];
    const ofShop = (messages: Messages) =>
      messages
        .filter((m) => m.subject.startsWith('kassa.catalog.shop.'))
        .map((m) => ({ subject: m.subject, message: ShopChanged.decode(m.data) }))
        .filter((m) => m.message.shop!.id === shop!.id);
    const ofItem = (messages: Messages) =>
      messages
        .filter((m) => m.subject.startsWith('kassa.catalog.shop_item.'))
        .map((m) => ShopItemChanged.decode(m.data))
        .filter((m) => m.item!.id === item!.id);
    const ofCode = (messages: Messages) =>
      messages
        .filter((m) => m.subject.startsWith('kassa.catalog.discount_code.'))
        .map((m) => DiscountCodeChanged.decode(m.data))
        .filter((m) => m.discountCode!.id === discountCode!.id);
    const messages = await h.waitForStream(
      (all) => ofShop(all).length === 3 && ofItem(all).length === 2 && ofCode(all).length === 1,
    );
    expect(
      ofShop(messages).map((m) => [
        m.subject,
        m.message.change,
        m.message.shop!.version,
        m.message.shop!.window,
        m.message.passwordVersion,
        m.message.shop!.passwordProtected,
        m.message.actorUserId,
      ]),
    ).toEqual([
      ['kassa.catalog.shop.created', 'created', 1, '', 1, true, owner],
      ['kassa.catalog.shop.published', 'published', 2, 'open', 1, true, owner],
      ['kassa.catalog.shop.updated', 'updated', 3, 'open', 2, false, owner],
    ]);
    expect(ofShop(messages)[1]!.message.shop).toMatchObject({
      organisationId: orgA,
      itemCount: 1,
      currency: 'EUR',
      donation: { suggestedAmountsMinor: [500, 1000] },
    });
    expect(ofItem(messages).map((m) => [m.change, m.item!.version, m.organisationId, m.item!.eventIds])).toEqual([
      ['created', 1, orgA, [concert.eventId]],
      ['deleted', 2, orgA, [concert.eventId]],
    ]);
    expect(
      ofCode(messages).map((m) => [m.change, m.discountCode!.version, m.discountCode!.code, m.organisationId]),
    ).toEqual([['created', 1, 'Summer10', orgA]]);
    // The password never leaves catalog, not even hashed.
    const hash = (
      await h.sql<{ password_hash: string | null }>('select password_hash from shops where id = ?', [shop!.id])
    )[0];
    expect(hash).toEqual({ password_hash: null });
    for (const m of messages) expect(Buffer.from(m.data).toString('latin1')).not.toMatch(/open sesame|scrypt\$/);
  });

  it('refuses invalid fields with INVALID_ARGUMENT and field violations, changing nothing', async () => {
    const concert = await liveEvent(orgA, 'Validation concert');
    const { shop } = await h.shops.createShop({ organisationId: orgA, fields: shopFields() }, as(owner));
    const shopId = shop!.id;
    const { item } = await h.shops.createShopItem(
      { organisationId: orgA, shopId, fields: itemFields(concert.optionId) },
      as(owner),
    );
    const before = await fingerprint();
    const opensAt = hours(10);
    await expect(
      h.shops.createShop(
        {
          organisationId: orgA,
          fields: shopFields({
            name: '',
            opensAt,
            closesAt: opensAt,
            currency: 'EURO',
            password: 'abc',
            reservationMinutes: 61,
            donation: { enabled: true, suggestedAmountsMinor: [0], allowCustomAmount: false },
          }),
        },
        as(owner),
      ),
    ).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      violations: [
        { field: 'name', message: 'Name is required' },
        { field: 'closesAt', message: 'Closes at is invalid' },
        { field: 'currency', message: 'Currency is invalid' },
        { field: 'password', message: 'Password is invalid' },
        { field: 'donation.suggestedAmountsMinor.0', message: 'Minimum value is 1' },
        { field: 'reservationMinutes', message: 'Reservation time is invalid' },
      ],
    });
    await expect(
      h.shops.updateShop({ organisationId: orgA, shopId, fields: shopFields({ opensAt: undefined }) }, as(owner)),
    ).rejects.toMatchObject({
      violations: [{ field: 'opensAt', message: 'Opens at is required' }],
    });
    await expect(
      h.shops.createShopItem(
        {
          organisationId: orgA,
          shopId,
          fields: itemFields(concert.optionId, {
            priceMinor: -1,
            maxPerOrder: 0,
            saleStart: hours(-5),
            extraEventIds: [concert.eventId, concert.eventId],
          }),
        },
        as(owner),
      ),
    ).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      violations: [
        { field: 'extraEventIds.1', message: 'Events is invalid' },
        { field: 'priceMinor', message: 'Minimum value is 0' },
        { field: 'saleStart', message: 'Sale start is invalid' },
        { field: 'maxPerOrder', message: 'Minimum value is 1' },
      ],
    });
    await expect(
      h.shops.updateShopItem({ organisationId: orgA, shopId, itemId: item!.id, fields: itemFields('') }, as(owner)),
    ).rejects.toMatchObject({
      violations: [{ field: 'ticketOptionId', message: 'Ticket option is required' }],
    });
    await expect(
      h.shops.createDiscountCode(
        {
          organisationId: orgA,
          shopId,
          fields: codeFields({ code: 'a b', type: 'percentage', value: 101, maxUses: 0 }),
        },
        as(owner),
      ),
    ).rejects.toMatchObject({
      violations: [
        { field: 'code', message: 'Code is invalid' },
        { field: 'value', message: 'Value is invalid' },
        { field: 'maxUses', message: 'Minimum value is 1' },
      ],
    });
    await expect(h.shops.getShop({ organisationId: orgA, shopId: 'shp_nope' }, as(owner))).rejects.toMatchObject({
      violations: [{ field: 'shopId', message: 'ID is invalid' }],
    });
    await expect(
      h.shops.listShopHistory({ organisationId: orgA, entityId: concert.eventId, page: undefined }, as(owner)),
    ).rejects.toMatchObject({ violations: [{ field: 'entityId', message: 'ID is invalid' }] });
    await expect(
      h.shops.listShops({ organisationId: orgA, query: '', statuses: ['open'], page: undefined }, as(owner)),
    ).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    await expect(
      h.shops.getPublicShop({ shopId: 'x', locale: 'en', password: '', accessToken: '' }),
    ).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    expect(await fingerprint()).toEqual(before);
  });

  it("grants an item at most 40 events, its ticket option's own included: 41 are refused, changing nothing", async () => {
    const festival = await liveEvent(orgA, 'Season opener');
    const extras: string[] = [];
    for (let day = 1; day <= SHOP_LIMITS.itemEvents; day++) {
      const { event } = await createEvent(h.running.ctx, SYSTEM, {
        organisationId: orgA,
        fields: eventFields(`Season night ${day}`, hours(48 + day * 24)),
      });
      extras.push(event!.id);
    }
    const { shop } = await h.shops.createShop({ organisationId: orgA, fields: shopFields() }, as(owner));
    const shopId = shop!.id;
    const before = await fingerprint();
    // 40 extras with the option's own event are 41, one too many; so is an extra list longer than 40 on its own.
    for (const extraEventIds of [extras, [festival.eventId, ...extras]])
      await expect(
        h.shops.createShopItem(
          { organisationId: orgA, shopId, fields: itemFields(festival.optionId, { extraEventIds }) },
          as(owner),
        ),
      ).rejects.toMatchObject({
        code: status.INVALID_ARGUMENT,
        violations: [{ field: 'extraEventIds', message: 'Events is invalid' }],
      });
    expect(await fingerprint()).toEqual(before);
    // The option's own event listed among 39 extras is still 40 events in all.
    const { item } = await h.shops.createShopItem(
      {
        organisationId: orgA,
        shopId,
        fields: itemFields(festival.optionId, { extraEventIds: [festival.eventId, ...extras.slice(0, 39)] }),
      },
      as(owner),
    );
    expect(item!.eventIds).toEqual([festival.eventId, ...extras.slice(0, 39)]);
    await expect(
      h.shops.updateShopItem(
        {
          organisationId: orgA,
          shopId,
          itemId: item!.id,
          fields: itemFields(festival.optionId, { extraEventIds: extras }),
        },
        as(owner),
      ),
    ).rejects.toMatchObject({ violations: [{ field: 'extraEventIds', message: 'Events is invalid' }] });
  });

  it('refuses to publish a shop that has already closed, and to delete a ticket option a shop sells', async () => {
    const { shop } = await h.shops.createShop(
      { organisationId: orgA, fields: shopFields({ opensAt: hours(-5), closesAt: hours(-1) }) },
      as(owner),
    );
    await expect(h.shops.publishShop({ organisationId: orgA, shopId: shop!.id }, as(owner))).rejects.toMatchObject({
      code: status.FAILED_PRECONDITION,
    });
    expect((await h.shops.getShop({ organisationId: orgA, shopId: shop!.id }, as(owner))).shop).toMatchObject({
      status: 'draft',
      version: 1,
    });

    const concert = await liveEvent(orgA, 'Sold concert');
    const { shop: selling } = await h.shops.createShop(
      { organisationId: orgA, fields: shopFields({ name: 'Selling' }) },
      as(owner),
    );
    await h.shops.createShopItem(
      { organisationId: orgA, shopId: selling!.id, fields: itemFields(concert.optionId) },
      as(owner),
    );
    const error = await failure(
      h.client.deleteTicketOption({ organisationId: orgA, ticketOptionId: concert.optionId }, as(owner)),
    );
    expect(error).toMatchObject({ code: status.FAILED_PRECONDITION, details: expect.stringContaining('"Selling"') });
    // Once the shop is deleted, the ticket option may go, and its items of deleted shops go with it.
    await h.shops.deleteShop({ organisationId: orgA, shopId: selling!.id }, as(owner));
    await h.client.deleteTicketOption({ organisationId: orgA, ticketOptionId: concert.optionId }, as(owner));
    expect((await h.shops.listShopItems({ organisationId: orgA, shopId: selling!.id }, as(owner))).items).toEqual([]);
  });
});

describe('tenant isolation and permissions', () => {
  let b: { eventId: string; optionId: string; shopId: string; itemId: string; codeId: string };
  let a: { eventId: string; optionId: string; shopId: string; itemId: string; codeId: string };
  beforeAll(async () => {
    const make = async (organisationId: string) => {
      const { eventId, optionId } = await liveEvent(organisationId, `Isolated ${organisationId.slice(-4)}`);
      const ctx = h.running.ctx;
      const shopId = (await createShop(ctx, SYSTEM, { organisationId, fields: shopFields() })).shop!.id;
      const itemId = (await createShopItem(ctx, SYSTEM, { organisationId, shopId, fields: itemFields(optionId) })).item!
        .id;
      const codeId = (await createDiscountCode(ctx, SYSTEM, { organisationId, shopId, fields: codeFields() }))
        .discountCode!.id;
      return { eventId, optionId, shopId, itemId, codeId };
    };
    b = await make(orgB);
    a = await make(orgA);
  });

  // Every organiser RPC with the ids it names.
  const calls = (org: string, ids: typeof b, user = owner) => ({
    updateShop: () => h.shops.updateShop({ organisationId: org, shopId: ids.shopId, fields: shopFields() }, as(user)),
    getShop: () => h.shops.getShop({ organisationId: org, shopId: ids.shopId }, as(user)),
    publishShop: () => h.shops.publishShop({ organisationId: org, shopId: ids.shopId }, as(user)),
    convertShopToDraft: () => h.shops.convertShopToDraft({ organisationId: org, shopId: ids.shopId }, as(user)),
    deleteShop: () => h.shops.deleteShop({ organisationId: org, shopId: ids.shopId }, as(user)),
    createShopItem: () =>
      h.shops.createShopItem({ organisationId: org, shopId: ids.shopId, fields: itemFields(ids.optionId) }, as(user)),
    updateShopItem: () =>
      h.shops.updateShopItem(
        { organisationId: org, shopId: ids.shopId, itemId: ids.itemId, fields: itemFields(ids.optionId) },
        as(user),
      ),
    deleteShopItem: () =>
      h.shops.deleteShopItem({ organisationId: org, shopId: ids.shopId, itemId: ids.itemId }, as(user)),
    listShopItems: () => h.shops.listShopItems({ organisationId: org, shopId: ids.shopId }, as(user)),
    createDiscountCode: () =>
      h.shops.createDiscountCode(
        { organisationId: org, shopId: ids.shopId, fields: codeFields({ code: 'OTHER' }) },
        as(user),
      ),
    updateDiscountCode: () =>
      h.shops.updateDiscountCode(
        { organisationId: org, shopId: ids.shopId, discountCodeId: ids.codeId, fields: codeFields() },
        as(user),
      ),
    deleteDiscountCode: () =>
      h.shops.deleteDiscountCode({ organisationId: org, shopId: ids.shopId, discountCodeId: ids.codeId }, as(user)),
    listDiscountCodes: () => h.shops.listDiscountCodes({ organisationId: org, shopId: ids.shopId }, as(user)),
    listShopHistory: () =>
      h.shops.listShopHistory({ organisationId: org, entityId: ids.shopId, page: undefined }, as(user)),
    listShopHistoryOfItem: () =>
      h.shops.listShopHistory({ organisationId: org, entityId: ids.itemId, page: undefined }, as(user)),
    listShopHistoryOfCode: () =>
      h.shops.listShopHistory({ organisationId: org, entityId: ids.codeId, page: undefined }, as(user)),
    locateShop: () => h.shops.locateShop({ shopId: ids.shopId }, as(user)),
  });

  it("answers NOT_FOUND to a member of A using B's ids, under A's id or under B's, and changes nothing", async () => {
    const before = await fingerprint();
    for (const [org, label] of [
      [orgA, 'own organisation, foreign ids'],
      [orgB, 'foreign organisation'],
    ] as const) {
      for (const [name, call] of Object.entries(calls(org, b))) {
        expect([label, name, codeOf(await failure(call()))]).toEqual([label, name, status.NOT_FOUND]);
      }
    }
    await expect(h.shops.createShop({ organisationId: orgB, fields: shopFields() }, as(owner))).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    await expect(
      h.shops.listShops({ organisationId: orgB, query: '', statuses: [], page: undefined }, as(owner)),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
    // A's own shop with B's ticket option, B's event or B's item in the body.
    const foreignInBody: [string, () => Promise<unknown>][] = [
      [
        'item with B’s ticket option',
        () =>
          h.shops.createShopItem({ organisationId: orgA, shopId: a.shopId, fields: itemFields(b.optionId) }, as(owner)),
      ],
      [
        'item granting B’s event',
        () =>
          h.shops.createShopItem(
            { organisationId: orgA, shopId: a.shopId, fields: itemFields(a.optionId, { extraEventIds: [b.eventId] }) },
            as(owner),
          ),
      ],
      [
        'item update granting B’s event',
        () =>
          h.shops.updateShopItem(
            {
              organisationId: orgA,
              shopId: a.shopId,
              itemId: a.itemId,
              fields: itemFields(a.optionId, { extraEventIds: [b.eventId] }),
            },
            as(owner),
          ),
      ],
      [
        'code scoped to B’s item',
        () =>
          h.shops.createDiscountCode(
            { organisationId: orgA, shopId: a.shopId, fields: codeFields({ code: 'SCOPED', itemIds: [b.itemId] }) },
            as(owner),
          ),
      ],
      [
        'code update scoped to B’s item',
        () =>
          h.shops.updateDiscountCode(
            {
              organisationId: orgA,
              shopId: a.shopId,
              discountCodeId: a.codeId,
              fields: codeFields({ itemIds: [b.itemId] }),
            },
            as(owner),
          ),
      ],
      [
        'A’s item under B’s shop id',
        () =>
          h.shops.updateShopItem(
            { organisationId: orgA, shopId: b.shopId, itemId: a.itemId, fields: itemFields(a.optionId) },
            as(owner),
          ),
      ],
    ];
    for (const [name, call] of foreignInBody)
      expect([name, codeOf(await failure(call()))]).toEqual([name, status.NOT_FOUND]);
    // Unknown ids look the same.
    await expect(h.shops.getShop({ organisationId: orgA, shopId: newId('shp') }, as(owner))).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    await expect(
      h.shops.deleteShopItem({ organisationId: orgA, shopId: a.shopId, itemId: newId('itm') }, as(owner)),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
    await expect(h.shops.locateShop({ shopId: newId('shp') }, as(owner))).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    expect(await fingerprint()).toEqual(before);
  });

  it('answers PERMISSION_DENIED to members without "shops" on writes and lets them read', async () => {
    const before = await fingerprint();
    const reads = new Set([
      'getShop',
      'listShopItems',
      'listDiscountCodes',
      'listShopHistory',
      'listShopHistoryOfItem',
      'listShopHistoryOfCode',
      'locateShop',
    ]);
    for (const user of [scanner, eventsOnly]) {
      for (const [name, call] of Object.entries(calls(orgA, a, user))) {
        const expected = reads.has(name) ? undefined : status.PERMISSION_DENIED;
        expect([name, codeOf(await failure(call()))]).toEqual([name, expected]);
      }
      await expect(h.shops.createShop({ organisationId: orgA, fields: shopFields() }, as(user))).rejects.toMatchObject({
        code: status.PERMISSION_DENIED,
      });
      expect(
        (await h.shops.listShops({ organisationId: orgA, query: '', statuses: [], page: undefined }, as(user))).shops
          .length,
      ).toBeGreaterThan(0);
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('answers UNAUTHENTICATED to an organiser call without an actor', async () => {
    await expect(h.shops.getShop({ organisationId: orgA, shopId: a.shopId })).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
    });
    await expect(h.shops.locateShop({ shopId: a.shopId })).rejects.toMatchObject({ code: status.UNAUTHENTICATED });
  });
});

describe('the public shop', () => {
  it('shows public shops from opening until they close (before, with a coming-soon page), and items of live events only', async () => {
    const live = await liveEvent(orgA, 'Public live');
    const { event: draftEvent } = await createEvent(h.running.ctx, SYSTEM, {
      organisationId: orgA,
      fields: eventFields('Public draft'),
    });
    const { ticketOption: draftOption } = await createTicketOption(h.running.ctx, SYSTEM, {
      organisationId: orgA,
      eventId: draftEvent!.id,
      fields: { name: 'Draft', description: '', translations: [] },
    });
    const { shop } = await h.shops.createShop(
      { organisationId: orgA, fields: shopFields({ opensAt: hours(2), closesAt: hours(10) }) },
      as(owner),
    );
    const shopId = shop!.id;
    // Off unless the organiser turns it on.
    expect(shop!.showComingSoon).toBe(false);
    await h.shops.createShopItem({ organisationId: orgA, shopId, fields: itemFields(live.optionId) }, as(owner));
    await h.shops.createShopItem({ organisationId: orgA, shopId, fields: itemFields(draftOption!.id) }, as(owner));
    const { shop: published } = await h.shops.publishShop({ organisationId: orgA, shopId }, as(owner));
    expect(published!.window).toBe('upcoming');
    const request = { shopId, locale: 'en', password: '', accessToken: '' };

    // Before it opens a shop without a coming-soon page does not exist for guests.
    await expect(h.shops.getPublicShop(request)).rejects.toMatchObject({ code: status.NOT_FOUND });
    const turnedOn = await h.shops.updateShop(
      {
        organisationId: orgA,
        shopId,
        fields: shopFields({ opensAt: hours(2), closesAt: hours(10), showComingSoon: true }),
      },
      as(owner),
    );
    expect(turnedOn.shop!.showComingSoon).toBe(true);
    // An update that leaves the setting out keeps it.
    const kept = await h.shops.updateShop(
      { organisationId: orgA, shopId, fields: shopFields({ opensAt: hours(2), closesAt: hours(10), name: 'Renamed' }) },
      as(owner),
    );
    expect(kept.shop!.showComingSoon).toBe(true);

    const upcoming = (await h.shops.getPublicShop(request)).shop!;
    expect(upcoming.window).toBe('upcoming');
    expect(upcoming.items.map((i) => i.eventIds)).toEqual([[live.eventId]]);
    const at = (date: Date) => ({ ...h.running.ctx, now: () => date });
    expect((await getPublicShop(at(hours(2)), request)).shop!.window).toBe('open');
    await expect(getPublicShop(at(hours(10)), request)).rejects.toMatchObject({ name: 'NotFoundError' });
    await h.shops.updateShop(
      {
        organisationId: orgA,
        shopId,
        fields: shopFields({ opensAt: hours(2), closesAt: hours(10), showComingSoon: false }),
      },
      as(owner),
    );
    await expect(h.shops.getPublicShop(request)).rejects.toMatchObject({ code: status.NOT_FOUND });
    // Open, it is there whatever the setting says.
    expect((await getPublicShop(at(hours(2)), request)).shop!.window).toBe('open');
    await h.shops.deleteShop({ organisationId: orgA, shopId }, as(owner));
    await expect(getPublicShop(at(hours(2)), request)).rejects.toMatchObject({ name: 'NotFoundError' });
    await expect(h.shops.getPublicShop({ ...request, shopId: newId('shp') })).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
  });

  it('asks for the password, refuses a wrong one, and honours the token until the password changes', async () => {
    const live = await liveEvent(orgA, 'Protected live');
    const { shop } = await h.shops.createShop(
      { organisationId: orgA, fields: shopFields({ password: 'open sesame' }) },
      as(owner),
    );
    const shopId = shop!.id;
    expect(shop!.passwordProtected).toBe(true);
    await h.shops.createShopItem({ organisationId: orgA, shopId, fields: itemFields(live.optionId) }, as(owner));
    await h.shops.publishShop({ organisationId: orgA, shopId }, as(owner));
    const ask = (password: string, accessToken = '') =>
      h.shops.getPublicShop({ shopId, locale: 'nl', password, accessToken });

    const locked = await ask('');
    expect(locked).toMatchObject({
      accessToken: '',
      shop: { passwordRequired: true, items: [], events: [], name: 'Zomerwinkel', window: 'open' },
    });
    await expect(ask('open sesame!')).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
    await expect(ask('', 'forged-token-forged-token-forged-token-abc')).resolves.toMatchObject({
      accessToken: '',
      shop: { passwordRequired: true },
    });

    const opened = await ask('open sesame');
    expect(opened.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(opened.shop).toMatchObject({ passwordRequired: false, items: [{ eventIds: [live.eventId] }] });
    const withToken = await ask('', opened.accessToken);
    expect(withToken).toMatchObject({ accessToken: '', shop: { passwordRequired: false } });
    expect(withToken.shop!.items).toHaveLength(1);

    // Keeping the password (unset) keeps the token; a new password ends it.
    await h.shops.updateShop({ organisationId: orgA, shopId, fields: shopFields({ name: 'Renamed' }) }, as(owner));
    expect((await ask('', opened.accessToken)).shop!.passwordRequired).toBe(false);
    await h.shops.updateShop(
      { organisationId: orgA, shopId, fields: shopFields({ password: 'new secret' }) },
      as(owner),
    );
    expect((await ask('', opened.accessToken)).shop!.passwordRequired).toBe(true);
    await expect(ask('open sesame')).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
    expect((await ask('new secret')).accessToken).not.toBe(opened.accessToken);
    // Without a password, no token is needed or issued.
    await h.shops.updateShop({ organisationId: orgA, shopId, fields: shopFields({ password: '' }) }, as(owner));
    expect(await ask('anything')).toMatchObject({ accessToken: '', shop: { passwordRequired: false } });
  });
});
