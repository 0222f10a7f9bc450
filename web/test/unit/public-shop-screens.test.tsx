import { CartPanel } from '../../src/features/shop/cart-panel';
import { PasswordGate } from '../../src/features/shop/password-gate';
import { PublicShopScreen, ShopUpcomingScreen } from '../../src/features/shop/public-shop-screen';
import type { AvailabilityView, PublicShopView } from '../../src/lib/public-shop';
import { render, text } from '../support/render';

const never = () => new Promise<never>(() => {});
const FRI = 'evt_01jc5v3q8x0000000000000001';
const SAT = 'evt_01jc5v3q8x0000000000000002';
const WEEKEND = 'itm_01jc5v3q8x0000000000000001';
const FRI_TICKET = 'itm_01jc5v3q8x0000000000000002';
const SAT_TICKET = 'itm_01jc5v3q8x0000000000000003';
const SAT_FREE = 'itm_01jc5v3q8x0000000000000004';

const shop: PublicShopView = {
  id: 'shp_01jc5v3q8x0000000000000000',
  name: 'Zomerfestival',
  description: 'Twee avonden muziek.',
  opensAt: '2027-06-01T08:00:00.000Z',
  closesAt: '2027-07-03T20:00:00.000Z',
  window: 'open',
  currency: 'EUR',
  passwordRequired: false,
  donation: { enabled: true, suggestedAmountsMinor: [500, 1000], allowCustomAmount: true },
  events: [
    {
      id: FRI,
      name: 'Vrijdagavond',
      startsAt: '2027-07-02T18:00:00.000Z',
      endsAt: '2027-07-02T22:00:00.000Z',
      location: { address: 'Dam 1', city: 'Amsterdam', postalCode: '1012 JS', country: 'NL' },
      timeZone: 'Europe/Amsterdam',
    },
    {
      id: SAT,
      name: 'Zaterdagavond',
      startsAt: '2027-07-03T18:00:00.000Z',
      endsAt: '2027-07-03T22:00:00.000Z',
      location: { address: '', city: 'Utrecht', postalCode: '', country: 'NL' },
      timeZone: 'Europe/Amsterdam',
    },
  ],
  items: [
    {
      id: WEEKEND,
      name: 'Weekendpas',
      description: 'Beide avonden',
      priceMinor: 4500,
      eventIds: [FRI, SAT],
      saleStart: '',
      saleEnd: '',
      maxPerOrder: 4,
    },
    {
      id: FRI_TICKET,
      name: 'Vrijdag regulier',
      description: '',
      priceMinor: 2500,
      eventIds: [FRI],
      saleStart: '',
      saleEnd: '',
      maxPerOrder: null,
    },
    {
      id: SAT_TICKET,
      name: 'Zaterdag regulier',
      description: '',
      priceMinor: 2500,
      eventIds: [SAT],
      saleStart: '2027-06-15T08:00:00.000Z',
      saleEnd: '',
      maxPerOrder: null,
    },
    {
      id: SAT_FREE,
      name: 'Zaterdag kind',
      description: '',
      priceMinor: 0,
      eventIds: [SAT],
      saleStart: '',
      saleEnd: '',
      maxPerOrder: null,
    },
  ],
};
const availability: AvailabilityView = {
  [WEEKEND]: { status: 'available', maxQuantity: 4, remaining: 3 },
  [FRI_TICKET]: { status: 'sold out', maxQuantity: 0, remaining: null },
  [SAT_TICKET]: { status: 'upcoming', maxQuantity: 0, remaining: null },
  [SAT_FREE]: { status: 'available', maxQuantity: 20, remaining: null },
};
const cart = (
  <CartPanel
    currency="EUR"
    donation={shop.donation}
    items={shop.items}
    priceCart={never}
    checkout={never}
    onCheckedOut={() => {}}
  />
);

describe('the public shop page', () => {
  it('shows offers first, then single tickets per event, with prices, availability and pickers, in Dutch', () => {
    const html = render('nl', <PublicShopScreen shop={shop} availability={availability} cartPanel={cart} />);
    const page = text(html);
    expect(html).toContain('<h1');
    expect(page).toContain('Kies tickets voor de evenementen');
    expect(page.indexOf('Aanbiedingen')).toBeLessThan(page.indexOf('Losse tickets'));
    expect(page.indexOf('Weekendpas')).toBeLessThan(page.indexOf('Vrijdag regulier'));
    expect(page.indexOf('Vrijdagavond')).toBeLessThan(page.indexOf('Vrijdag regulier'));
    expect(page.indexOf('Zaterdagavond', page.indexOf('Losse tickets'))).toBeLessThan(
      page.indexOf('Zaterdag regulier'),
    );
    expect(page).toMatch(/Toegang tot ?: Vrijdagavond \( 2 jul 2027, 20:00/);
    expect(page).toContain('€ 45,00');
    expect(page).toContain('Gratis');
    expect(page).toContain('Nog maar 3 over');
    expect(page).toContain('Maximaal 4 per bestelling');
    expect(page).toContain('Uitverkocht');
    expect(page).toContain('Binnenkort');
    expect(page).toContain('Te koop vanaf');
    expect(page).toContain('Dam 1, 1012 JS Amsterdam, NL');
    // Pickers only for what can be bought now: the weekend pass and the free ticket.
    expect(html.match(/data-testid="quantity-picker"/g)).toHaveLength(2);
    expect(html).toContain('max="4"');
    expect(page).toContain('Geen items in winkelwagen');
  });

  it("speaks English with the spec's availability words", () => {
    const page = text(render('en', <PublicShopScreen shop={shop} availability={availability} cartPanel={cart} />));
    expect(page).toContain('Choose tickets for the events below');
    expect(page).toContain('Offers');
    expect(page).toContain('Single tickets');
    expect(page).toContain('€45.00');
    expect(page).toContain('Available');
    expect(page).toContain('Sold out');
    expect(page).toContain('Upcoming');
    expect(page).toContain('Only 3 left');
    expect(page).toContain('No items in cart');
  });

  it('says so when nothing is for sale', () => {
    const page = text(
      render('en', <PublicShopScreen shop={{ ...shop, items: [], events: [] }} availability={{}} cartPanel={cart} />),
    );
    expect(page).toContain('There is nothing for sale in this shop right now.');
    expect(page).not.toContain('Offers');
  });

  it('shows an item ordering does not know as closed, without a picker', () => {
    const html = render('en', <PublicShopScreen shop={shop} availability={{}} cartPanel={cart} />);
    expect(html).not.toContain('data-testid="quantity-picker"');
    expect(html.match(/data-availability="closed"/g)).toHaveLength(4);
  });

  it("tells when an upcoming shop opens, in the visitor's language", () => {
    const upcoming = { ...shop, window: 'upcoming' };
    expect(text(render('nl', <ShopUpcomingScreen shop={upcoming} />))).toMatch(
      /Hij opent op dinsdag 1 juni 2027 om 10:00 CEST ?\./,
    );
    const html = render('en', <ShopUpcomingScreen shop={upcoming} />);
    expect(text(html)).toMatch(/It opens on Tuesday, June 1, 2027 at 10:00 AM GMT\+2 ?\./);
    expect(html).toMatch(/datetime="2027-06-01T08:00:00.000Z"/i);
  });

  it('asks for the password and nothing else', () => {
    const html = render('nl', <PasswordGate shopName="Zomerfestival" unlock={never} onUnlocked={() => {}} />);
    expect(text(html)).toContain('Voor deze shop is een wachtwoord nodig');
    expect(html).toContain('type="password"');
    expect(html).toContain('Wachtwoord');
    expect(html).not.toContain('quantity-picker');
  });
});
