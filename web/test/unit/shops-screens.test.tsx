import { ShopDashboardScreen } from '../../src/features/shops/shop-dashboard-screen';
import { type ShopActions, ShopScreen } from '../../src/features/shops/shop-screen';
import { ShopsListScreen, shopsListHref } from '../../src/features/shops/shops-list-screen';
import type { HistoryEntryView } from '../../src/lib/event-model';
import type { DiscountCodeView, SellableEvent, ShopItemView, ShopListView, ShopView } from '../../src/lib/shop-model';
import { render, text } from '../support/render';

const ORG = 'org_01jc5v3q8x0000000000000000';
const SHOP = 'shp_01jc5v3q8x0000000000000000';
const EVT1 = 'evt_01jc5v3q8x0000000000000001';
const EVT2 = 'evt_01jc5v3q8x0000000000000002';
const TKO1 = 'tko_01jc5v3q8x0000000000000001';
const TKO2 = 'tko_01jc5v3q8x0000000000000002';
const ITM1 = 'itm_01jc5v3q8x0000000000000001';
const ITM2 = 'itm_01jc5v3q8x0000000000000002';
const never = () => new Promise<never>(() => {});
const noop = () => {};
const actions: ShopActions = {
  publish: never,
  convertToDraft: never,
  update: never,
  remove: never,
  createItem: never,
  updateItem: never,
  deleteItem: never,
  createDiscountCode: never,
  updateDiscountCode: never,
  deleteDiscountCode: never,
};

const shop: ShopView = {
  id: SHOP,
  organisationId: ORG,
  name: 'Summer Shop',
  description: 'Tickets for the summer.',
  opensAt: '2027-06-01T08:00:00.000Z',
  closesAt: '2027-07-01T20:00:00.000Z',
  status: 'public',
  window: 'open',
  translations: [{ locale: 'nl', name: 'Zomerwinkel', description: '' }],
  currency: 'EUR',
  passwordProtected: true,
  donation: { enabled: true, suggestedAmountsMinor: [250, 500], allowCustomAmount: true },
  reservationMinutes: 15,
  showComingSoon: false,
  itemCount: 2,
};
const events: SellableEvent[] = [
  {
    id: EVT1,
    name: 'Summer Fest',
    status: 'live',
    startsAt: '2027-07-01T16:00:00.000Z',
    ticketOptions: [
      { id: TKO1, name: 'Regular' },
      { id: TKO2, name: 'VIP' },
    ],
  },
  { id: EVT2, name: 'After Party', status: 'live', startsAt: '2027-07-02T20:00:00.000Z', ticketOptions: [] },
];
const items: ShopItemView[] = [
  {
    id: ITM1,
    shopId: SHOP,
    ticketOptionId: TKO1,
    eventIds: [EVT1, EVT2],
    name: 'Weekend pass',
    priceMinor: 4550,
    saleStart: null,
    saleEnd: null,
    maxPerOrder: 4,
    position: 1,
  },
  {
    id: ITM2,
    shopId: SHOP,
    ticketOptionId: TKO2,
    eventIds: [EVT1],
    name: '',
    priceMinor: 0,
    saleStart: '2027-06-10T08:00:00.000Z',
    saleEnd: null,
    maxPerOrder: null,
    position: 2,
  },
];
const codes: DiscountCodeView[] = [
  {
    id: 'dsc_01jc5v3q8x0000000000000001',
    shopId: SHOP,
    code: 'SUMMER10',
    type: 'percentage',
    value: 10,
    validFrom: null,
    validUntil: null,
    maxUses: null,
    itemIds: [],
  },
  {
    id: 'dsc_01jc5v3q8x0000000000000002',
    shopId: SHOP,
    code: 'FIVE',
    type: 'fixed',
    value: 500,
    validFrom: null,
    validUntil: '2027-06-30T20:00:00.000Z',
    maxUses: 100,
    itemIds: [ITM1],
  },
];
const screenProps = {
  orgId: ORG,
  shop,
  canEdit: true,
  ownLocale: 'en',
  publicUrl: `http://localhost/s/${SHOP}`,
  actions,
  refresh: noop,
  onDeleted: noop,
};
const list = (shops: ShopView[], filters: Partial<ShopListView> = {}): ShopListView => ({
  shops,
  page: 1,
  hasNextPage: false,
  query: '',
  status: '',
  ...filters,
});
const listProps = { orgId: ORG, ownLocale: 'en', currency: 'EUR', navigate: noop, createShop: never };

describe('the shops list', () => {
  it.each([
    ['en', 'Name Status Opens Closes Items', 'Public', 'Open', 'Create shop'],
    ['nl', 'Naam Status Opent Sluit Items', 'Openbaar', 'Open', 'Winkel maken'],
  ] as const)('shows the shops with status and window in %s', (locale, headers, status, window, create) => {
    const html = render(
      locale,
      <ShopsListScreen
        {...listProps}
        list={list([
          shop,
          { ...shop, id: 'shp_01jc5v3q8x0000000000000009', name: 'Draft Shop', status: 'draft', window: '' },
        ])}
        canEdit
      />,
    );
    expect(text(/<thead[^>]*>([\s\S]*?)<\/thead>/.exec(html)![1]!)).toBe(headers);
    expect(html).toContain(`href="/o/${ORG}/shops/${SHOP}"`);
    expect(html).toContain('data-status="public"');
    expect(html).toContain('data-window="open"');
    expect(html.match(/data-window=/g)).toHaveLength(1);
    expect(text(html)).toContain(status);
    expect(text(html)).toContain(window);
    expect(text(html)).toContain(create);
  });

  it('says no items found, offering to create a shop or to clear the filters', () => {
    const empty = render('en', <ShopsListScreen {...listProps} list={list([])} canEdit />);
    expect(text(empty)).toContain('No items found');
    expect(empty.match(/Create shop<\/button>/g)).toHaveLength(2);
    const filtered = render(
      'nl',
      <ShopsListScreen {...listProps} list={list([], { query: 'zomer', status: 'draft', page: 2 })} canEdit />,
    );
    expect(text(filtered)).toContain('Geen items gevonden');
    expect(text(filtered)).toContain('Alle winkels tonen');
    expect(filtered).toMatch(new RegExp(`href="/o/${ORG}/shops\\?q=zomer&amp;status=draft"[^>]*aria-current="page"`));
    expect(filtered).toContain(`href="/o/${ORG}/shops?q=zomer&amp;status=draft"`);
    expect(shopsListHref(ORG, { q: 'x', page: 3 })).toBe(`/o/${ORG}/shops?q=x&page=3`);
    expect(render('en', <ShopsListScreen {...listProps} list={list([shop])} canEdit={false} />)).not.toContain(
      'Create shop</button>',
    );
  });
});

describe("a shop's pages", () => {
  it('shows the overview with its window, public link and Convert to Draft while public', () => {
    const html = render('en', <ShopScreen {...screenProps} tab="overview" />);
    const nav = /<nav aria-label="Shop"[^>]*>([\s\S]*?)<\/nav>/.exec(html)![1]!;
    expect(text(nav)).toBe('Overview Items Discount Codes History Settings');
    expect(nav).toContain(`href="/o/${ORG}/shops/${SHOP}?tab=discount-codes"`);
    expect(nav).toContain(`href="/o/${ORG}/shops/${SHOP}/settings"`);
    expect(text(html)).toContain('Convert to Draft');
    expect(text(html)).toContain('This shop is open');
    expect(text(html)).toContain('Guests need a password');
    expect(text(html)).toContain('Suggested: €2.50, €5.00');
    expect(html).toContain(`href="http://localhost/s/${SHOP}"`);
    const draft = render(
      'nl',
      <ShopScreen
        {...screenProps}
        shop={{ ...shop, status: 'draft', window: '', passwordProtected: false }}
        tab="overview"
      />,
    );
    expect(text(draft)).toContain('Publiceren');
    expect(text(draft)).toContain('Geen wachtwoord');
    expect(draft).not.toContain('data-testid="public-link"');
    expect(text(render('en', <ShopScreen {...screenProps} canEdit={false} tab="overview" />))).not.toContain(
      'Convert to Draft',
    );
  });

  it('lists items with the events they grant, prices in the shop currency and sale windows', () => {
    const html = render('nl', <ShopScreen {...screenProps} tab="items" items={items} events={events} />);
    const body = text(/<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(html)![1]!);
    expect(body).toContain('Weekend pass Aanbieding Summer Fest After Party € 45,50 Zolang de winkel open is 4');
    // The sale window names its moment (in Amsterdam's time, as every page writes it).
    expect(body).toContain('VIP Summer Fest Gratis Vanaf 10 jun 2027, 10:00');
    expect(body).toContain('Geen limiet');
    expect(html).toContain('aria-label="VIP verwijderen"');
    const empty = render('en', <ShopScreen {...screenProps} tab="items" items={[]} events={events} />);
    expect(text(empty)).toContain('No items found');
    expect(text(empty)).toContain('Add item');
    const nothingToSell = render('en', <ShopScreen {...screenProps} tab="items" items={[]} events={[events[1]!]} />);
    expect(text(nothingToSell)).toContain('No ticket options to sell');
    expect(nothingToSell).toContain(`href="/o/${ORG}/events"`);
  });

  it('lists discount codes with their values, validity, uses and scope', () => {
    const html = render(
      'nl',
      <ShopScreen {...screenProps} tab="discountCodes" discountCodes={codes} items={items} events={events} />,
    );
    const body = text(/<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(html)![1]!);
    expect(body).toContain('SUMMER10 Percentage 10 % Altijd Onbeperkt Alle items');
    expect(body).toContain('FIVE Vast bedrag € 5,00 Tot 30 jun 2027, 22:00');
    expect(body).toContain('Hooguit 100 Weekend pass');
    const empty = render(
      'en',
      <ShopScreen {...screenProps} tab="discountCodes" discountCodes={[]} items={items} events={events} />,
    );
    expect(text(empty)).toContain('No codes found');
    expect(text(empty)).toContain('Add discount code');
  });

  it("shows the history in the shop's words without ever showing a password", () => {
    const history: HistoryEntryView[] = [
      {
        id: 'his_2',
        entityId: ITM1,
        action: 'updated',
        propertiesJson: JSON.stringify({ priceMinor: { from: 4000, to: 4550 } }),
        actor: { kind: 'member', name: 'Jane Organiser' },
        occurredAt: '2027-06-01T10:00:00.000Z',
      },
      {
        id: 'his_1',
        entityId: SHOP,
        action: 'updated',
        propertiesJson: JSON.stringify({
          passwordProtected: { from: false, to: true },
          password: { from: null, to: 'secret' },
        }),
        actor: { kind: 'member', name: 'Jane Organiser' },
        occurredAt: '2027-05-01T10:00:00.000Z',
      },
      {
        id: 'his_0',
        entityId: SHOP,
        action: 'opened',
        propertiesJson: '{}',
        actor: { kind: 'system' },
        occurredAt: '2027-06-01T08:00:00.000Z',
      },
      {
        id: 'his_00',
        entityId: SHOP,
        action: 'updated',
        propertiesJson: JSON.stringify({
          passwordVersion: { from: 1, to: 2 },
          reservationMinutes: { from: 15, to: 20 },
        }),
        actor: { kind: 'member', name: 'Jane Organiser' },
        occurredAt: '2027-04-02T10:00:00.000Z',
      },
      {
        id: 'his_000',
        entityId: ITM1,
        action: 'created',
        propertiesJson: JSON.stringify({
          ticketOptionId: { from: null, to: TKO1 },
          eventIds: { from: null, to: [EVT1, EVT2] },
        }),
        actor: { kind: 'member', name: 'Jane Organiser' },
        occurredAt: '2027-04-01T10:00:00.000Z',
      },
    ];
    const html = render(
      'en',
      <ShopScreen {...screenProps} tab="history" history={history} items={items} events={events} />,
    );
    const body = text(/<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(html)![1]!).replace(/ :/g, ':');
    expect(body).toContain('Updated Item Price: €40.00 €45.50 Jane Organiser');
    expect(body).toContain('Updated Shop Password: No Yes Password: Changed');
    expect(body).toContain('Opened Shop No property changed System');
    expect(body).toContain('Updated Shop Reservation time: 15 minutes 20 minutes Password: Changed Jane Organiser');
    expect(body).toContain('Created Item Ticket option: Regular Events: Summer Fest, After Party');
    expect(html).not.toContain('secret');
  });

  it('shows the settings with the danger zone', () => {
    const html = render('en', <ShopScreen {...screenProps} tab="settings" />);
    expect(html).toContain('data-testid="shop-form-loading"');
    expect(text(html)).toContain('The shop is hidden at once and removed after 14 days. It cannot be recovered.');
    expect(text(render('en', <ShopScreen {...screenProps} canEdit={false} tab="settings" />))).not.toContain(
      'Danger zone',
    );
  });
});

describe('the shop dashboard', () => {
  it("sums the shop up and links to the organisation's shop pages", () => {
    const html = render(
      'en',
      <ShopDashboardScreen
        orgId={ORG}
        shop={shop}
        canEdit
        publicUrl={`http://localhost/s/${SHOP}`}
        actions={actions}
        refresh={noop}
      />,
    );
    expect(html).toContain('data-testid="page-shop-dashboard"');
    expect(text(html)).toContain('Summer Shop');
    expect(html).toContain(`href="/o/${ORG}/shops/${SHOP}?tab=items"`);
    expect(html).toContain(`href="/o/${ORG}/shops/${SHOP}/settings"`);
    expect(
      text(
        render(
          'nl',
          <ShopDashboardScreen orgId={ORG} shop={shop} canEdit publicUrl="" actions={actions} refresh={noop} />,
        ),
      ),
    ).toContain('Kortingscodes');
  });
});
