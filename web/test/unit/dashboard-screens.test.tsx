import { DashboardLayout } from '../../src/features/dashboard/dashboard-layout';
import { DocsScreen } from '../../src/features/dashboard/docs-screen';
import { EventScanScreen, OverviewScreen } from '../../src/features/dashboard/organisation-screens';
import { ShopDashboardLayout } from '../../src/features/dashboard/shop-dashboard-layout';
import { ShopTicketsScreen } from '../../src/features/dashboard/shop-screens';
import { render, text } from '../support/render';

const ORG = 'org_01jc5v3q8x0000000000000000';
const SHOP = 'shp_01jc5v3q8x0000000000000000';
const never = () => new Promise<never>(() => {});
const noop = () => {};
const user = { displayName: 'Jane Organiser', email: 'jane@example.com' };

describe('DashboardLayout', () => {
  it.each([
    ['en', ['Dashboard', 'Events', 'Shops', 'Payments', 'Orders', 'Scan Tickets', 'Settings'], 'User menu'],
    [
      'nl',
      ['Dashboard', 'Evenementen', 'Winkels', 'Betalingen', 'Bestellingen', 'Tickets scannen', 'Instellingen'],
      'Gebruikersmenu',
    ],
  ] as const)(
    'renders the sidebar in order, the current entry marked, and the user menu in %s',
    (locale, labels, menu) => {
      const html = render(
        locale,
        <DashboardLayout
          orgId={ORG}
          pathname={`/o/${ORG}/events`}
          user={user}
          navigate={noop}
          signOut={never}
          onSignedOut={noop}
        >
          <p>content</p>
        </DashboardLayout>,
      );
      const sidebar = /<aside[^>]*data-testid="sidebar"[^>]*>([\s\S]*?)<\/aside>/.exec(html)![1]!;
      expect(text(sidebar)).toBe(labels.join(' '));
      expect(sidebar).toContain(`href="/o/${ORG}/scan"`);
      expect(sidebar).toMatch(new RegExp(`<a href="/o/${ORG}/events"[^>]*aria-current="page"`));
      expect(sidebar.match(/aria-current="page"/g)).toHaveLength(1);
      expect(html).toContain(`aria-label="${menu}"`);
      expect(html).toContain('Ctrl+K');
      expect(text(html)).toContain('content');
    },
  );

  it('renders the shop dashboard with its own navigation and a way back', () => {
    const html = render(
      'en',
      <ShopDashboardLayout
        shopId={SHOP}
        orgId={ORG}
        pathname={`/s/${SHOP}/tickets`}
        user={user}
        navigate={noop}
        signOut={never}
        onSignedOut={noop}
      >
        <p>shop</p>
      </ShopDashboardLayout>,
    );
    const sidebar = /<aside[^>]*data-testid="sidebar"[^>]*>([\s\S]*?)<\/aside>/.exec(html)![1]!;
    expect(text(sidebar)).toBe('Back to the dashboard Dashboard Orders Tickets Settings');
    expect(sidebar).toContain(`href="/o/${ORG}/shops"`);
    expect(sidebar).toMatch(new RegExp(`<a href="/s/${SHOP}/tickets"[^>]*aria-current="page"`));
  });
});

describe('organisation pages', () => {
  it.each([
    ['en', 'Dashboard', 'No events found'],
    ['nl', 'Dashboard', 'Geen evenementen gevonden'],
  ] as const)('server-render the overview with its empty state in %s', (locale, overview, noEvents) => {
    const overviewHtml = render(locale, <OverviewScreen orgId={ORG} />);
    expect(overviewHtml).toContain(`<h1 class="text-2xl font-semibold tracking-tight">${overview}</h1>`);
    expect(text(overviewHtml)).toContain(noEvents);
    expect(overviewHtml).toContain(`href="/o/${ORG}/events"`);
    expect(overviewHtml).toContain('data-testid="empty-state"');
  });

  it('renders the event scanner page in Dutch', () => {
    expect(text(render('nl', <EventScanScreen />))).toContain('Tickets scannen');
  });
});

describe("the shop's Tickets page", () => {
  const SHOP = 'shp_01jc5v3q8x0000000000000001';
  const ORG = 'org_01jc5v3q8x0000000000000001';
  const page = (list: Parameters<typeof ShopTicketsScreen>[0]['list'], allowed = true) =>
    render(
      'en',
      <ShopTicketsScreen orgId={ORG} shopId={SHOP} allowed={allowed} list={list} canViewOrders navigate={() => {}} />,
    );
  const empty = { attendees: [], page: 1, hasNextPage: false, query: '', status: '' };

  it('says so when nothing is sold, without the event export', () => {
    const html = page(empty);
    expect(text(html)).toContain('No tickets sold');
    expect(html).not.toContain('attendees-export');
  });

  it('lists what the shop sold with status and check-in, filters staying on the shop page', () => {
    const html = page({
      ...empty,
      attendees: [
        {
          ticketId: 'tkt_01jc5v3q8x0000000000000001',
          reference: 'TK7F-3QX2',
          status: 'used',
          orderId: 'ord_01jc5v3q8x0000000000000001',
          orderNumber: 'K7F3-9QX2',
          email: 'ada@example.test',
          itemName: 'Weekend pass',
          checkedInAt: '2027-07-01T18:05:00.000Z',
          device: 'Main entrance',
          issuedAt: '2027-06-01T10:00:00.000Z',
          subscribed: false,
        },
      ],
    });
    expect(text(html)).toContain('TK7F-3QX2 Weekend pass K7F3-9QX2 ada@example.test');
    expect(text(html)).toContain('Main entrance');
    expect(html).toContain(`href="/s/${SHOP}/tickets?status=used"`);
  });

  it('tells a member without "orders.view" or "checkin" that they may not see it', () => {
    expect(page(null, false)).toContain('attendees-forbidden');
  });
});

describe('DocsScreen', () => {
  it.each([
    ['en', 'Getting started', 'Create an account', 'Go to your dashboard'],
    ['nl', 'Aan de slag', 'Account aanmaken', 'Naar je dashboard'],
  ] as const)('explains the first steps in %s', (locale, title, signUp, dashboard) => {
    const anonymous = render(locale, <DocsScreen />);
    expect(text(anonymous)).toContain(title);
    expect(anonymous).toContain('href="/sign-up"');
    expect(text(anonymous)).toContain(signUp);
    expect(anonymous).toContain('href="/contact"');
    const signedIn = render(locale, <DocsScreen dashboardHref={`/o/${ORG}`} />);
    expect(signedIn).toContain(`href="/o/${ORG}"`);
    expect(text(signedIn)).toContain(dashboard);
  });
});
