import { EventScreen, type EventActions } from '../../src/features/events/event-screen';
import { EventsListScreen, eventsListHref } from '../../src/features/events/events-list-screen';
import { PublicEventScreen } from '../../src/features/events/public-event-screen';
import type { PublicEventShopView } from '../../src/lib/event-model';
import type {
  EventListView,
  EventView,
  HistoryEntryView,
  PublicEventView,
  TicketOptionView,
} from '../../src/lib/event-model';
import { render, text } from '../support/render';

const ORG = 'org_01jc5v3q8x0000000000000000';
const EVENT = 'evt_01jc5v3q8x0000000000000000';
const never = () => new Promise<never>(() => {});
const noop = () => {};
const actions: EventActions = {
  publish: never,
  convertToDraft: never,
  update: never,
  remove: never,
  createTicketOption: never,
  updateTicketOption: never,
  deleteTicketOption: never,
};

const event: EventView = {
  id: EVENT,
  organisationId: ORG,
  name: 'Summer Fest',
  description: 'Open air, all day.',
  startsAt: '2027-07-01T16:00:00.000Z',
  endsAt: '2027-07-01T21:30:00.000Z',
  status: 'live',
  ticketLimit: 500,
  translations: [{ locale: 'nl', name: 'Zomerfeest', description: 'De hele dag.' }],
  location: { address: 'Dam 1', city: 'Amsterdam', postalCode: '1012 JS', country: 'NL' },
  timeZone: 'Europe/Amsterdam',
  ticketOptionCount: 2,
};
const list = (events: EventView[], filters: Partial<EventListView> = {}): EventListView => ({
  events,
  page: 1,
  hasNextPage: false,
  query: '',
  status: '',
  ...filters,
});
const listProps = {
  orgId: ORG,
  mode: 'list' as const,
  ownLocale: 'en',
  ownTimeZone: 'Europe/Amsterdam',
  navigate: noop,
  createEvent: never,
};
const screenProps = {
  orgId: ORG,
  event,
  canEdit: true,
  ownLocale: 'en',
  ownTimeZone: 'Europe/Amsterdam',
  publicUrl: `http://localhost/event/${EVENT}`,
  actions,
  refresh: noop,
  onDeleted: noop,
};

describe('the events list', () => {
  it.each([
    ['en', 'Name Dates City Status Ticket options', 'Live', 'Create event', 'Jul 1, 2027'],
    ['nl', 'Naam Datum Plaats Status Ticketopties', 'Live', 'Evenement maken', '1 jul 2027'],
  ] as const)('shows the events in a table in %s', (locale, headers, status, create, date) => {
    const html = render(locale, <EventsListScreen {...listProps} list={list([event])} canEdit />);
    expect(text(/<thead[^>]*>([\s\S]*?)<\/thead>/.exec(html)![1]!)).toBe(headers);
    expect(html).toContain(`href="/o/${ORG}/events/${EVENT}"`);
    expect(text(html)).toContain('Amsterdam');
    expect(html).toContain('data-status="live"');
    expect(text(html)).toContain(status);
    expect(text(html)).toContain(create);
    expect(text(html)).toContain(date);
  });

  it('says no events found, offering to create one or to clear the filters', () => {
    const empty = render('en', <EventsListScreen {...listProps} list={list([])} canEdit />);
    expect(text(empty)).toContain('No events found');
    expect(empty.match(/Create event<\/button>/g)).toHaveLength(2);
    const filtered = render(
      'nl',
      <EventsListScreen {...listProps} list={list([], { query: 'jazz', status: 'live' })} canEdit />,
    );
    expect(text(filtered)).toContain('Geen evenementen gevonden');
    expect(filtered).toContain(`href="/o/${ORG}/events"`);
    expect(text(filtered)).toContain('Alle evenementen tonen');
    expect(filtered).toMatch(new RegExp(`href="/o/${ORG}/events\\?q=jazz&amp;status=live"[^>]*aria-current="page"`));
  });

  it('shows no create button to a member without the events permission', () => {
    const html = render('en', <EventsListScreen {...listProps} list={list([event])} canEdit={false} />);
    expect(html).not.toContain('Create event</button>');
  });

  it('links pages and the scan mode in the URL', () => {
    const html = render(
      'en',
      <EventsListScreen {...listProps} list={list([event], { page: 2, hasNextPage: true, query: 'fest' })} canEdit />,
    );
    expect(html).toContain(`href="/o/${ORG}/events?q=fest"`);
    expect(html).toContain(`href="/o/${ORG}/events?q=fest&amp;page=3"`);
    expect(text(html)).toContain('Page 2');
    const scan = render('en', <EventsListScreen {...listProps} mode="scan" list={list([event])} canEdit />);
    expect(scan).toContain(`href="/o/${ORG}/events/${EVENT}/scan"`);
    expect(scan).toContain('data-testid="page-scan-pick"');
    expect(eventsListHref(ORG, { mode: 'scan', status: 'draft', page: 1 })).toBe(
      `/o/${ORG}/events?for=scan&status=draft`,
    );
  });
});

describe("an event's pages", () => {
  it('shows the overview with its public link and Convert to Draft while live', () => {
    const html = render('en', <EventScreen {...screenProps} tab="overview" />);
    const nav = /<nav aria-label="Event"[^>]*>([\s\S]*?)<\/nav>/.exec(html)![1]!;
    expect(text(nav)).toBe('Overview Ticket Options Attendees History Settings');
    expect(nav.match(/aria-current="page"/g)).toHaveLength(1);
    expect(nav).toContain(`href="/o/${ORG}/events/${EVENT}?tab=ticket-options"`);
    expect(nav).toContain(`href="/o/${ORG}/events/${EVENT}/settings"`);
    expect(html).toContain('<h1 class="text-2xl font-semibold tracking-tight">Summer Fest</h1>');
    expect(text(html)).toContain('Dam 1, 1012 JS Amsterdam, NL');
    expect(text(html)).toContain('Convert to Draft');
    expect(text(html)).not.toContain('Publish');
    expect(html).toContain(`href="http://localhost/event/${EVENT}"`);
  });

  it('offers Publish for a draft, says Unlimited, and hides every action from a read-only member', () => {
    const draft = render(
      'nl',
      <EventScreen {...screenProps} event={{ ...event, status: 'draft', ticketLimit: null }} tab="overview" />,
    );
    expect(text(draft)).toContain('Publiceren');
    expect(text(draft)).toContain('Onbeperkt');
    expect(draft).not.toContain('data-testid="public-link"');
    const readOnly = render('en', <EventScreen {...screenProps} canEdit={false} tab="overview" />);
    expect(text(readOnly)).not.toContain('Convert to Draft');
    expect(text(readOnly)).toContain('needs the Events permission');
  });

  it('lists ticket options, or says there are none', () => {
    const options: TicketOptionView[] = [
      {
        id: 'tko_01jc5v3q8x0000000000000001',
        eventId: EVENT,
        name: 'Regular',
        description: 'Entry',
        capacity: null,
        translations: [],
      },
      {
        id: 'tko_01jc5v3q8x0000000000000002',
        eventId: EVENT,
        name: 'VIP',
        description: '',
        capacity: 50,
        translations: [],
      },
    ];
    const html = render('en', <EventScreen {...screenProps} tab="ticketOptions" ticketOptions={options} />);
    expect(text(html)).toContain('Regular Entry Unlimited');
    expect(text(html)).toContain('VIP 50');
    expect(html).toContain('aria-label="Delete VIP"');
    expect(text(html)).toContain('Add ticket option');
    expect(text(render('en', <EventScreen {...screenProps} tab="ticketOptions" ticketOptions={[]} />))).toContain(
      'No ticket options',
    );
    expect(
      render('en', <EventScreen {...screenProps} canEdit={false} tab="ticketOptions" ticketOptions={options} />),
    ).not.toContain('aria-label="Delete VIP"');
  });

  it('says no tickets sold on Attendees, and refuses members who may neither view orders nor check in', () => {
    const empty = { attendees: [], page: 1, hasNextPage: false, query: '', status: '' };
    expect(
      text(
        render(
          'nl',
          <EventScreen
            {...screenProps}
            tab="attendees"
            attendees={{ allowed: true, list: empty, canViewOrders: true }}
          />,
        ),
      ),
    ).toContain('Geen tickets verkocht');
    const refused = render(
      'en',
      <EventScreen {...screenProps} tab="attendees" attendees={{ allowed: false, list: null, canViewOrders: false }} />,
    );
    expect(refused).toContain('data-testid="attendees-forbidden"');
    expect(text(refused)).not.toContain('No tickets sold');
  });

  it('shows the history with readable changes and who made them', () => {
    const history: HistoryEntryView[] = [
      {
        id: 'his_3',
        entityId: EVENT,
        action: 'ended',
        propertiesJson: JSON.stringify({ status: { from: 'live', to: 'ended' } }),
        actor: { kind: 'system' },
        occurredAt: '2027-07-01T21:30:00.000Z',
      },
      {
        id: 'his_2',
        entityId: 'tko_01jc5v3q8x0000000000000001',
        action: 'updated',
        propertiesJson: JSON.stringify({ capacity: { from: 100, to: null } }),
        actor: { kind: 'former' },
        occurredAt: '2027-06-01T10:00:00.000Z',
      },
      {
        id: 'his_1',
        entityId: EVENT,
        action: 'converted_to_draft',
        propertiesJson: JSON.stringify({
          translations: { from: [], to: [{ locale: 'nl', name: 'Zomerfeest', description: '' }] },
        }),
        actor: { kind: 'member', name: 'Jane Organiser' },
        occurredAt: '2027-05-01T10:00:00.000Z',
      },
    ];
    const html = render('en', <EventScreen {...screenProps} tab="history" history={history} />);
    expect(text(/<thead[^>]*>([\s\S]*?)<\/thead>/.exec(html)![1]!)).toBe('Timestamp Action Properties Who');
    const body = text(/<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(html)![1]!).replace(/ :/g, ':');
    expect(body).toContain('Ended Event Status: Live Ended System');
    expect(body).toContain('Updated Ticket option Capacity: 100 Unlimited Former member');
    expect(body).toContain(
      'Converted to draft Event Name (Dutch): Zomerfeest Description (Dutch): (empty) Jane Organiser',
    );
    expect(text(render('en', <EventScreen {...screenProps} tab="history" history={[]} />))).toContain('No history yet');
  });

  it('shows the settings with the danger zone for those who may delete, and without for the others', () => {
    const html = render('en', <EventScreen {...screenProps} tab="settings" />);
    // The form needs the browser's time zone: it appears after hydration.
    expect(html).toContain('data-testid="event-form-loading"');
    expect(text(html)).toContain('Danger zone');
    expect(text(html)).toContain('The event is hidden at once and removed after 14 days. It cannot be recovered.');
    expect(text(render('en', <EventScreen {...screenProps} canEdit={false} tab="settings" />))).not.toContain(
      'Danger zone',
    );
  });
});

describe('the public event page', () => {
  const publicEvent: PublicEventView = {
    id: EVENT,
    name: 'Zomerfeest',
    description: 'De hele dag.',
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    status: 'live',
    location: event.location,
    timeZone: event.timeZone,
    ticketOptions: [{ id: 'tko_01jc5v3q8x0000000000000001', name: 'Regulier', description: 'Toegang' }],
  };

  it("shows the event in the visitor's language and, with no shop selling it yet, says tickets come with the shop", () => {
    const html = render('nl', <PublicEventScreen event={publicEvent} shops={[]} />);
    expect(html).toContain('<h1');
    expect(text(html)).toContain('Zomerfeest');
    expect(text(html)).toContain('1 jul 2027');
    expect(text(html)).toContain('Regulier Toegang');
    expect(text(html)).toContain('binnenkort');
    expect(html).not.toContain('<button');
    expect(html).not.toContain('data-status="ended"');
  });

  it('marks an ended event', () => {
    const html = render(
      'en',
      <PublicEventScreen event={{ ...publicEvent, status: 'ended', ticketOptions: [] }} shops={null} />,
    );
    expect(html).toContain('data-status="ended"');
    expect(text(html)).toContain('This event has ended.');
    expect(text(html)).toContain('There are no tickets for this event yet.');
  });

  const shop = (overrides: Partial<PublicEventShopView>): PublicEventShopView => ({
    shopId: 'shp_01jc5v3q8x0000000000000001',
    name: 'Zomerwinkel',
    window: 'open',
    opensAt: '2027-05-01T10:00:00.000Z',
    closesAt: '2027-07-01T10:00:00.000Z',
    currency: 'EUR',
    priceFromMinor: 2500,
    status: 'available',
    ...overrides,
  });

  it('leads to the shops that sell it, with the price from, availability and when an upcoming one opens', () => {
    const html = render(
      'en',
      <PublicEventScreen
        event={publicEvent}
        shops={[
          shop({}),
          shop({ shopId: 'shp_01jc5v3q8x0000000000000002', name: 'Late', status: 'sold out', priceFromMinor: 1000 }),
          shop({ shopId: 'shp_01jc5v3q8x0000000000000003', name: 'Presale', window: 'upcoming', status: 'upcoming' }),
        ]}
      />,
    );
    const rows = [...html.matchAll(/data-testid="public-event-shop"[^]*?<\/li>/g)].map((match) => text(`<${match[0]}`));
    expect(rows).toEqual([
      expect.stringMatching(/Zomerwinkel From €25\.00 · Tickets available Buy tickets$/),
      expect.stringMatching(/Late From €10\.00 · Sold out View shop$/),
      expect.stringMatching(/Presale From €25\.00 · Sale opens May 1, 2027, 12:00 PM View shop$/),
    ]);
    expect(html).toContain('href="/s/shp_01jc5v3q8x0000000000000001"');
    expect(text(html)).not.toContain('opens here soon');
  });
});
