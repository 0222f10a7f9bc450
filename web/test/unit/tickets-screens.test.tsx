// The Step 6 screens that show tickets, attendees, figures and order e-mails, rendered with props as the BFF passes
// them: the public ticket page in each state, the guest's and the organiser's order pages, the Attendees tab, the
// Overview's sales and check-ins, "Scan Tickets", and the resend key's life across retries.
import { OrderScreen } from '../../src/features/checkout/order-screen';
import { AttendeesTab } from '../../src/features/attendees/attendees-tab';
import { EventScreen, type EventActions } from '../../src/features/events/event-screen';
import { OrderDetailScreen, type OrderActions } from '../../src/features/orders/order-detail-screen';
import {
  type OrderMessageView,
  resendKeyHolder,
  resendWithKey,
  type ResendResult,
} from '../../src/features/orders/order-messages';
import { EventTicketStats } from '../../src/features/tickets/event-ticket-stats';
import { GuestOrderTickets, ticketPollDelayMs } from '../../src/features/tickets/guest-order-tickets';
import { OrderTicketsTable } from '../../src/features/tickets/order-tickets-table';
import { ScanEventsScreen, scannableEvents } from '../../src/features/tickets/scan-events-screen';
import {
  type AttendeeListView,
  type AttendeeView,
  attendeesCsvHref,
  attendeesHref,
  checkedInPercent,
  type GuestTicketView,
  type OrderTicketView,
  type TicketPageView,
  type TicketStatsView,
} from '../../src/features/tickets/ticket-model';
import { TicketScreen } from '../../src/features/tickets/ticket-screen';
import type { ApiResult } from '../../src/lib/api-result';
import type { GuestOrderView } from '../../src/lib/checkout';
import type { EventView } from '../../src/lib/event-model';
import type { OrderDetailView, OrderView } from '../../src/lib/order-model';
import { render, text } from '../support/render';

const ORG = 'org_01jc5v3q8x0000000000000000';
const EVENT = 'evt_01jc5v3q8x0000000000000001';
const EVENT2 = 'evt_01jc5v3q8x0000000000000002';
const ORDER = 'ord_01jc5v3q8x0000000000000001';
const TICKET = 'tkt_01jc5v3q8x0000000000000001';
const TICKET2 = 'tkt_01jc5v3q8x0000000000000002';
const never = () => new Promise<never>(() => {});
const noop = () => {};
// What the BFF's qrcode call draws, reduced: the screen puts it in as it is.
const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M1 1h7"/></svg>';

/** The visible text of the element carrying data-testid, up to the first `end` tag after it. */
const section = (html: string, testId: string, end: string): string =>
  text(new RegExp(`<[^<]*data-testid="${testId}"[\\s\\S]*?</${end}>`).exec(html)![0]);

const ticket: TicketPageView = {
  id: TICKET,
  reference: 'K7QF-2MXA',
  status: 'created',
  orderNumber: 'K-2031-0042',
  itemName: 'Weekend pass',
  events: [
    {
      id: EVENT,
      name: 'Harbour Friday',
      startsAt: '2031-07-04T16:00:00.000Z',
      endsAt: '2031-07-04T22:00:00.000Z',
      location: { address: 'Kade 1', city: 'Rotterdam', postalCode: '3011 AA', country: 'NL' },
      timeZone: 'Europe/Amsterdam',
      status: 'live',
    },
    {
      id: EVENT2,
      name: 'Harbour Saturday',
      startsAt: '2031-07-05T12:00:00.000Z',
      endsAt: '2031-07-05T22:00:00.000Z',
      location: { address: '', city: '', postalCode: '', country: '' },
      timeZone: 'Europe/Amsterdam',
      status: 'live',
    },
  ],
  access: [
    { eventId: EVENT, eventName: 'Harbour Friday', checkedInAt: '', device: '' },
    { eventId: EVENT2, eventName: 'Harbour Saturday', checkedInAt: '', device: '' },
  ],
  position: 2,
  ofCount: 3,
  issuedAt: '2031-07-01T10:02:00.000Z',
  canceledAt: '',
  qrSvg: QR,
};

describe('the public ticket page', () => {
  it('shows a valid ticket with its QR code, status word, position, reference, order number, item and events', () => {
    const html = render('en', <TicketScreen ticket={ticket} />);
    const page = text(html);
    expect(html).toContain('data-testid="ticket-page" data-status="created"');
    expect(html).toContain('data-ticket-print');
    expect(html).toContain(QR);
    expect(html).toMatch(/role="img" aria-label="QR code of ticket K7QF-2MXA"/);
    // The badge carries the spec's word; the sentence beside it says what it means for the guest.
    expect(section(html, 'ticket-status', 'div')).toBe('Created Valid: show this QR code at the entrance.');
    expect(html).toContain('data-status="created"');
    expect(page).toContain('Ticket 2 of 3');
    expect(page).toContain('Reference K7QF-2MXA Ticket Weekend pass Order number K-2031-0042');
    // Amsterdam time: 16:00Z is 18:00, 22:00Z midnight.
    expect(section(html, 'ticket-events', 'ul')).toMatch(
      /^Harbour Friday When Jul 4, 2031, 6:00\s?PM\s?–\s?Jul 5, 2031, 12:00\s?AM GMT\+2 Where Kade 1, 3011 AA Rotterdam, NL Harbour Saturday When Jul 5, 2031, 2:00\s?PM/,
    );
    expect(page).toContain('Events (2)');
    expect(section(html, 'ticket-print', 'button')).toBe('Print ticket');
    // Print styles leave only the ticket on paper.
    expect(html).toContain('@media print');
    expect(html).toContain('[data-print-hide] { display: none !important; }');
  });

  it('never shows an e-mail address or a device name', () => {
    const used = render(
      'en',
      <TicketScreen
        ticket={{
          ...ticket,
          status: 'used',
          access: [
            { eventId: EVENT, eventName: 'Harbour Friday', checkedInAt: '2031-07-04T16:05:00.000Z', device: '' },
          ],
        }}
      />,
    );
    const visible = text(used.replace(/<style>[\s\S]*?<\/style>/, ''));
    expect(visible).toContain('Checked in on');
    expect(visible).not.toMatch(/@|Door/);
  });

  it('shows a used ticket as checked in, with when', () => {
    const used: TicketPageView = {
      ...ticket,
      status: 'used',
      access: ticket.access.map((access) => ({ ...access, checkedInAt: '2031-07-04T16:05:00.000Z' })),
    };
    const html = render('en', <TicketScreen ticket={used} />);
    expect(html).toContain('data-status="used"');
    expect(section(html, 'ticket-status', 'div')).toBe('Used This ticket has been checked in.');
    expect(text(html)).toContain('Checked in on Jul 4, 2031, 6:05');
    expect(text(html)).toContain('This code has already been scanned.');
  });

  it('shows no code for a reserved ticket and says it is not valid yet', () => {
    const html = render('en', <TicketScreen ticket={{ ...ticket, status: 'reserved', qrSvg: '' }} />);
    expect(html).not.toContain('data-testid="ticket-qr"');
    expect(html).not.toContain('data-testid="ticket-print"');
    expect(section(html, 'ticket-status', 'div')).toBe('Reserved Not valid yet: the order has not been paid.');
    expect(text(html)).toContain('Your ticket appears here as soon as the payment for your order is confirmed.');
  });

  it.each([
    ['en', 'Canceled This ticket was canceled on Jul 2, 2031', 'Canceled This ticket no longer gives access.'],
    ['nl', 'Geannuleerd Dit ticket is op 2 jul 2031', 'Geannuleerd Dit ticket geeft geen toegang meer.'],
  ] as const)('shows a canceled ticket clearly canceled and without a code in %s', (locale, banner, status) => {
    const html = render(
      locale,
      <TicketScreen ticket={{ ...ticket, status: 'canceled', canceledAt: '2031-07-02T09:00:00.000Z', qrSvg: '' }} />,
    );
    expect(html).toContain('data-status="canceled"');
    expect(section(html, 'ticket-canceled', 'div')).toContain(banner);
    expect(html).toMatch(/role="alert"[^>]*data-testid="ticket-canceled"/);
    expect(section(html, 'ticket-status', 'div')).toBe(status);
    expect(html).not.toContain('data-testid="ticket-qr"');
    expect(html).not.toContain('M1 1h7');
    expect(html).not.toContain('data-testid="ticket-print"');
    expect(html).toMatch(/line-through[^>]*data-testid="ticket-reference"/);
  });

  it('reads in Dutch', () => {
    const page = text(render('nl', <TicketScreen ticket={ticket} />));
    expect(page).toContain('Ticket 2 van 3');
    expect(page).toContain('Geldig: laat deze QR-code zien bij de ingang.');
    expect(page).toContain('Referentie K7QF-2MXA Ticket Weekend pass Bestelnummer K-2031-0042');
    expect(page).toContain('Ticket printen');
  });
});

const guestTickets: GuestTicketView[] = [
  {
    id: TICKET,
    accessKey: 'the_orders_access_keys',
    reference: 'K7QF-2MXA',
    status: 'created',
    itemName: 'Weekend pass',
    eventNames: ['Harbour Friday', 'Harbour Saturday'],
    position: 1,
    ofCount: 2,
  },
  {
    id: TICKET2,
    accessKey: 'the_second_tickets_key',
    reference: 'P3RT-8HWN',
    status: 'used',
    itemName: 'Weekend pass',
    eventNames: ['Harbour Friday'],
    position: 2,
    ofCount: 2,
  },
];
const guestOrder: GuestOrderView = {
  id: ORDER,
  accessKey: 'another_guests_keyring',
  number: 'K-2031-0042',
  shopId: 'shp_01jc5v3q8x0000000000000000',
  status: 'paid',
  lines: [],
  currency: 'EUR',
  subtotalMinor: 0,
  discountMinor: 0,
  donationMinor: 0,
  feeMinor: 0,
  totalMinor: 0,
  refundedMinor: 0,
  email: 'guest@example.test',
  discountCode: '',
  expiresAt: '',
  paidAt: '2031-07-01T10:02:00.000Z',
  createdAt: '2031-07-01T10:00:00.000Z',
  payable: false,
  renewable: false,
  outcome: '',
};

describe("the guest's tickets on the order page", () => {
  it('lists each ticket with its status and a link to its page', () => {
    const html = render('en', <GuestOrderTickets initial={guestTickets} loadTickets={never} />);
    expect(html).toContain(`href="/ticket/${TICKET}?key=the_orders_access_keys"`);
    expect(html).toContain(`href="/ticket/${TICKET2}?key=the_second_tickets_key"`);
    expect(html).toContain('aria-label="Open ticket K7QF-2MXA"');
    const list = section(html, 'guest-tickets', 'ul');
    expect(list).toMatch(
      /^Weekend pass Ticket 1 of 2 · Harbour Friday, Harbour Saturday K7QF-2MXA Created Open ticket Weekend pass Ticket 2 of 2 · Harbour Friday P3RT-8HWN Used Open ticket$/,
    );
  });

  it('says they are being created while none is issued yet (the list then asks again, sooner first)', () => {
    const html = render('nl', <GuestOrderTickets initial={[]} loadTickets={never} />);
    expect(html).toContain('data-testid="guest-tickets-waiting"');
    expect(text(html)).toContain('Je tickets worden aangemaakt.');
    expect([0, 1, 2, 3, 4, 20].map(ticketPollDelayMs)).toEqual([1000, 2000, 3000, 5000, 10000, 10000]);
  });

  it('appears on the order page only once the order is paid', () => {
    const tickets = <GuestOrderTickets initial={guestTickets} loadTickets={never} />;
    const orderPage = (order: GuestOrderView) =>
      render(
        'en',
        <OrderScreen
          order={order}
          shopHref="/s/x"
          loadOrder={never}
          startPayment={never}
          onRedirect={noop}
          tickets={tickets}
        />,
      );
    expect(orderPage(guestOrder)).toContain('data-testid="guest-order-tickets"');
    expect(
      orderPage({
        ...guestOrder,
        status: 'reserved',
        payable: true,
        paidAt: '',
        expiresAt: '2031-07-01T10:15:00.000Z',
      }),
    ).not.toContain('data-testid="guest-order-tickets"');
    expect(orderPage({ ...guestOrder, status: 'canceled', outcome: 'refunded' })).not.toContain(
      'data-testid="guest-order-tickets"',
    );
  });
});

const orderTickets: OrderTicketView[] = [
  {
    id: TICKET,
    accessKey: 'the_orders_access_keys',
    reference: 'K7QF-2MXA',
    status: 'used',
    itemName: 'Weekend pass',
    priceMinor: 4050,
    currency: 'EUR',
    position: 1,
    ofCount: 2,
    access: [
      { eventId: EVENT, eventName: 'Harbour Friday', checkedInAt: '2031-07-04T16:05:00.000Z', device: 'Door 1' },
      { eventId: EVENT2, eventName: 'Harbour Saturday', checkedInAt: '', device: '' },
    ],
    issuedAt: '2031-07-01T10:02:00.000Z',
    canceledAt: '',
  },
  {
    id: TICKET2,
    accessKey: 'the_second_tickets_key',
    reference: 'P3RT-8HWN',
    status: 'canceled',
    itemName: 'Weekend pass',
    priceMinor: 4050,
    currency: 'EUR',
    position: 2,
    ofCount: 2,
    access: [{ eventId: EVENT, eventName: 'Harbour Friday', checkedInAt: '', device: '' }],
    issuedAt: '2031-07-01T10:02:00.000Z',
    canceledAt: '2031-07-02T09:00:00.000Z',
  },
];

const messages: OrderMessageView[] = [
  {
    id: 'msg_01jc5v3q8x0000000000000002',
    template: 'order-confirmation',
    purpose: 'resend',
    recipient: 'guest@example.test',
    subject: 'Your tickets for Harbour Weekend',
    status: 'bounce',
    createdAt: '2031-07-03T08:00:00.000Z',
    attachments: ['tickets-K-2031-0042.pdf'],
    history: [
      { status: 'notSent', occurredAt: '2031-07-03T08:00:00.000Z', detail: '' },
      { status: 'send', occurredAt: '2031-07-03T08:00:02.000Z', detail: '250 2.0.0 OK' },
      { status: 'bounce', occurredAt: '2031-07-03T08:00:09.000Z', detail: '550 5.1.1 mailbox unavailable' },
    ],
  },
  {
    id: 'msg_01jc5v3q8x0000000000000001',
    template: 'order-confirmation',
    purpose: 'confirmation',
    recipient: 'guest@example.test',
    subject: 'Your tickets for Harbour Weekend',
    status: 'opened',
    createdAt: '2031-07-01T10:02:05.000Z',
    attachments: [],
    history: [
      { status: 'send', occurredAt: '2031-07-01T10:02:06.000Z', detail: '' },
      { status: 'delivery', occurredAt: '2031-07-01T10:02:08.000Z', detail: '' },
      { status: 'opened', occurredAt: '2031-07-01T10:30:00.000Z', detail: '' },
    ],
  },
];

const paidOrder: OrderView = {
  id: ORDER,
  number: 'K-2031-0042',
  organisationId: ORG,
  shopId: 'shp_01jc5v3q8x0000000000000000',
  status: 'paid',
  lines: [],
  money: {
    currency: 'EUR',
    subtotalMinor: 8100,
    discountMinor: 0,
    donationMinor: 0,
    feeMinor: 98,
    totalMinor: 8198,
    refundedMinor: 0,
  },
  email: 'guest@example.test',
  subscribe: false,
  discountCode: '',
  expiresAt: '',
  paidAt: '2031-07-01T10:02:00.000Z',
  createdAt: '2031-07-01T10:00:00.000Z',
  updatedAt: '2031-07-01T10:02:00.000Z',
  outcome: '',
  locale: 'en',
  ticketCount: 2,
};
const detail = (order: OrderView): OrderDetailView => ({
  order,
  shopName: 'Harbour Weekend',
  refunds: [],
  history: [],
  refundableMinor: 0,
  payments: [],
});
const orderActions: OrderActions = { cancel: never, refund: never, resendConfirmation: never };

describe("the organiser's order page: tickets and e-mails", () => {
  const page = (
    props: {
      tickets?: OrderTicketView[] | null;
      messages?: OrderMessageView[] | null;
      canManage?: boolean;
      order?: OrderView;
      locale?: 'en' | 'nl';
    } = {},
  ) =>
    render(
      props.locale ?? 'en',
      <OrderDetailScreen
        orgId={ORG}
        detail={detail(props.order ?? paidOrder)}
        tickets={props.tickets === undefined ? orderTickets : props.tickets}
        messages={props.messages === undefined ? messages : props.messages}
        canManage={props.canManage ?? true}
        actions={orderActions}
        refresh={noop}
      />,
    );

  it('lists the tickets with status, price and check-in per event, each opening its public page', () => {
    const html = page();
    const table = section(html, 'order-tickets', 'table');
    expect(table).toMatch(
      /^Tickets of this order Ticket Item Price Status Check-in K7QF-2MXA \(opens the ticket's page in a new tab\) 1 of 2 Weekend pass €40\.50 Used Harbour Friday Jul 4, 2031, 6:05\s?PM · Door 1 Harbour Saturday Not checked in P3RT-8HWN .* 2 of 2 Weekend pass €40\.50 Canceled Not checked in$/,
    );
    expect(html).toContain(`href="/ticket/${TICKET}?key=the_orders_access_keys" target="_blank" rel="noopener"`);
  });

  it('says why there are no tickets, or that ticketing could not be asked', () => {
    expect(text(page({ tickets: [] }))).toContain('The order is paid; its tickets are being created.');
    expect(text(page({ tickets: [], order: { ...paidOrder, status: 'reserved' } }))).toContain(
      'Tickets are created once the order is paid.',
    );
    expect(page({ tickets: null })).toContain('data-testid="order-tickets-unavailable"');
  });

  it('lists the e-mails newest first, each with its status and delivery history in the spec words', () => {
    const html = page();
    const items = html.split('data-testid="order-message"').slice(1);
    expect(items).toHaveLength(2);
    expect(text(`<x ${items[0]!}`)).toMatch(
      /^Your tickets for Harbour Weekend Confirmation sent again · guest@example\.test · Jul 3, 2031.* Bounced Attachments: tickets-K-2031-0042\.pdf Not sent .* Sent .* 250 2\.0\.0 OK Bounced .* 550 5\.1\.1 mailbox unavailable/,
    );
    const timeline = /data-testid="order-message-history"[\s\S]*?<\/ol>/.exec(items[0]!)![0];
    expect([...timeline.matchAll(/data-status="(\w+)"/g)].map((match) => match[1])).toEqual([
      'notSent',
      'send',
      'bounce',
    ]);
    expect(/data-testid="order-message-status"[\s\S]*?data-status="(\w+)"/.exec(items[1]!)![1]).toBe('opened');
    expect(text(`<x ${items[1]!}`)).toMatch(/Order confirmation .* Opened Sent .* Delivered .* Opened/);
  });

  it('offers Resend to members who manage orders, on a paid order only', () => {
    expect(section(page(), 'order-resend', 'button')).toBe('Resend confirmation');
    expect(page({ canManage: false })).not.toContain('data-testid="order-resend"');
    expect(page({ order: { ...paidOrder, status: 'reserved' } })).not.toContain('data-testid="order-resend"');
    expect(page({ order: { ...paidOrder, status: 'canceled', outcome: 'refunded' } })).not.toContain(
      'data-testid="order-resend"',
    );
    expect(section(page({ locale: 'nl' }), 'order-resend', 'button')).toBe('Bevestiging opnieuw sturen');
  });

  it('says when no e-mail was sent yet, or when notifications could not be asked', () => {
    expect(text(page({ messages: [] }))).toContain('No e-mails have been sent about this order yet.');
    expect(page({ messages: null })).toContain('data-testid="order-messages-unavailable"');
  });
});

describe("Resend's idempotency key", () => {
  const sent: ResendResult = { message: messages[0]!, created: true };
  const fail = (status: number): ApiResult<ResendResult> => ({ ok: false, status, message: '', fields: {} });

  it('is kept for a retry after a lost answer and dropped once notifications answered', async () => {
    let made = 0;
    const holder = resendKeyHolder(() => `resend-key-${++made}`);
    const keys: string[] = [];
    const answers = [
      fail(0),
      fail(503),
      { ok: true as const, data: sent },
      fail(409),
      { ok: true as const, data: sent },
    ];
    const resend = jest.fn(async (key: string) => {
      keys.push(key);
      return answers.shift()!;
    });
    for (let click = 0; click < 5; click += 1) await resendWithKey(holder, resend);
    // Network failure and 503: the same key again. Sent: the next click is a new resend. Refused (409): new key too.
    expect(keys).toEqual(['resend-key-1', 'resend-key-1', 'resend-key-1', 'resend-key-2', 'resend-key-3']);
  });
});

const attendee = (n: number, extra: Partial<AttendeeView> = {}): AttendeeView => ({
  ticketId: `tkt_01jc5v3q8x000000000000000${n}`,
  reference: `REF${n}-ABCD`,
  status: 'created',
  orderId: ORDER,
  orderNumber: 'K-2031-0042',
  email: `guest${n}@example.test`,
  itemName: 'Weekend pass',
  checkedInAt: '',
  device: '',
  issuedAt: '2031-07-01T10:02:00.000Z',
  subscribed: false,
  ...extra,
});
const attendeeList = (attendees: AttendeeView[], filters: Partial<AttendeeListView> = {}): AttendeeListView => ({
  attendees,
  page: 1,
  hasNextPage: false,
  query: '',
  status: '',
  ...filters,
});

describe('the Attendees tab', () => {
  const tab = (
    list: AttendeeListView | null,
    extra: { canViewOrders?: boolean; allowed?: boolean; locale?: 'en' | 'nl' } = {},
  ) =>
    render(
      extra.locale ?? 'en',
      <AttendeesTab
        orgId={ORG}
        scope={{ eventId: EVENT }}
        allowed={extra.allowed ?? true}
        list={list}
        canViewOrders={extra.canViewOrders ?? true}
        navigate={noop}
      />,
    );

  it.each([
    ['en', 'Reference Item Order E-mail Status Checked in Device', 'Used', 'Export CSV'],
    ['nl', 'Referentie Item Bestelling E-mail Status Ingecheckt Apparaat', 'Gebruikt', 'CSV exporteren'],
  ] as const)(
    'lists reference, item, order, e-mail, status, check-in time and device in %s',
    (locale, headers, used, exportLabel) => {
      const html = tab(
        attendeeList([
          attendee(1, { status: 'used', checkedInAt: '2031-07-04T16:05:00.000Z', device: 'Door 1' }),
          attendee(2),
        ]),
        { locale },
      );
      expect(text(/<thead[^>]*>([\s\S]*?)<\/thead>/.exec(html)![1]!)).toBe(headers);
      expect(html).toContain(`href="/o/${ORG}/orders/${ORDER}"`);
      expect(text(html)).toContain('guest1@example.test');
      expect(text(html)).toContain('Door 1');
      expect(text(html)).toContain(used);
      expect(html).toContain('data-status="used"');
      expect(section(html, 'attendees-export', 'a')).toBe(exportLabel);
      expect(html).toContain(
        `href="/api/organisations/${ORG}/events/${EVENT}/attendees.csv?locale=${locale}" download=""`,
      );
    },
  );

  it('shows order numbers without a link to members who may not view orders (check-in only)', () => {
    const html = tab(attendeeList([attendee(1)]), { canViewOrders: false });
    expect(html).not.toContain(`/orders/${ORDER}`);
    expect(text(html)).toContain('K-2031-0042');
  });

  it('searches, filters by status and pages through the URL, the export taking the same filters', () => {
    const html = tab(attendeeList([attendee(1)], { query: 'guest1', status: 'created', page: 2, hasNextPage: true }));
    expect(html).toContain('value="guest1"');
    expect(section(html, 'status-filter', 'nav')).toBe('All Created Used Canceled');
    expect(html).toContain(`href="/o/${ORG}/events/${EVENT}?tab=attendees&amp;q=guest1&amp;status=used"`);
    expect(html).toContain(`href="/o/${ORG}/events/${EVENT}?tab=attendees&amp;q=guest1&amp;status=created&amp;page=3"`);
    expect(html).toContain(`href="/o/${ORG}/events/${EVENT}?tab=attendees&amp;q=guest1&amp;status=created"`);
    expect(html).toContain(`attendees.csv?q=guest1&amp;status=created&amp;locale=en"`);
    expect(text(html)).toContain('Page 2');
  });

  it("says 'no tickets sold' when there are none, and offers to clear a search that found none", () => {
    expect(text(tab(attendeeList([])))).toContain('No tickets sold');
    const filtered = tab(attendeeList([], { query: 'nobody' }));
    expect(text(filtered)).toContain('No attendees match this search or filter.');
    expect(filtered).toContain(`href="/o/${ORG}/events/${EVENT}?tab=attendees"`);
  });

  it('says when it may not show anyone, or when ticketing could not be asked', () => {
    expect(text(tab(null, { allowed: false }))).toContain('needs the permission to view orders or to check in tickets');
    expect(tab(null)).toContain('data-testid="attendees-unavailable"');
  });

  it('builds its hrefs with the tab first and page 1 left out', () => {
    expect(attendeesHref(ORG, EVENT, {})).toBe(`/o/${ORG}/events/${EVENT}?tab=attendees`);
    expect(attendeesHref(ORG, EVENT, { q: 'a@b.c', page: 1 })).toBe(
      `/o/${ORG}/events/${EVENT}?tab=attendees&q=a%40b.c`,
    );
    expect(attendeesCsvHref(ORG, EVENT, {})).toBe(`/api/organisations/${ORG}/events/${EVENT}/attendees.csv`);
  });
});

const stats: TicketStatsView = {
  sold: 120,
  checkedIn: 45,
  canceled: 3,
  revenueMinor: 486000,
  currency: 'EUR',
  options: [
    { ticketOptionId: 'tko_01jc5v3q8x0000000000000001', name: 'Regular', sold: 100, checkedIn: 40 },
    { ticketOptionId: 'tko_01jc5v3q8x0000000000000002', name: 'VIP', sold: 20, checkedIn: 5 },
  ],
  checkInsPerMinute: [...Array<number>(58).fill(0), 3, 4],
  openConflicts: 2,
};

describe("the event Overview's sales and check-ins", () => {
  it('shows sold, checked in with a progress bar, canceled, revenue and each ticket option', () => {
    const html = render('en', <EventTicketStats orgId={ORG} eventId={EVENT} stats={stats} />);
    expect(section(html, 'stats-sold', 'p')).toBe('120');
    expect(section(html, 'stats-checked-in', 'p')).toBe('45');
    expect(section(html, 'stats-canceled', 'p')).toBe('3');
    expect(section(html, 'stats-revenue', 'p')).toBe('€4,860.00');
    expect(section(html, 'stats-progress-text', 'span')).toBe('45 of 120 checked in (37%)');
    expect(html).toMatch(
      /role="progressbar" aria-label="Check-in progress" aria-valuemin="0" aria-valuemax="100" aria-valuenow="37"/,
    );
    expect(section(html, 'stats-options', 'table')).toBe(
      'Sales and check-ins per ticket option Ticket option Sold Checked in Check-in progress Regular 100 40 VIP 20 5',
    );
    expect(text(html)).toContain('7 check-ins in the last hour');
  });

  it('counts open offline conflicts and links to the scanner', () => {
    const html = render('en', <EventTicketStats orgId={ORG} eventId={EVENT} stats={stats} />);
    expect(section(html, 'stats-conflicts', 'div')).toContain('2 tickets were admitted at two scanners while offline.');
    expect(html).toContain(`href="/o/${ORG}/events/${EVENT}/scan"`);
    expect(
      render('en', <EventTicketStats orgId={ORG} eventId={EVENT} stats={{ ...stats, openConflicts: 0 }} />),
    ).not.toContain('data-testid="stats-conflicts"');
    expect(
      text(render('nl', <EventTicketStats orgId={ORG} eventId={EVENT} stats={{ ...stats, openConflicts: 1 }} />)),
    ).toContain('1 ticket is offline bij twee scanners binnengelaten.');
  });

  it('rounds the progress down, never past 100, and 0 with nothing sold', () => {
    expect(checkedInPercent(0, 0)).toBe(0);
    expect(checkedInPercent(199, 200)).toBe(99);
    expect(checkedInPercent(200, 200)).toBe(100);
    expect(checkedInPercent(5, 4)).toBe(100);
  });

  const eventActions: EventActions = {
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
    name: 'Harbour Friday',
    description: '',
    startsAt: '2031-07-04T16:00:00.000Z',
    endsAt: '2031-07-04T22:00:00.000Z',
    status: 'live',
    ticketLimit: null,
    translations: [],
    location: { address: '', city: 'Rotterdam', postalCode: '', country: 'NL' },
    timeZone: 'Europe/Amsterdam',
    ticketOptionCount: 2,
  };
  const overview = (ticketStats?: TicketStatsView | null) =>
    render(
      'en',
      <EventScreen
        orgId={ORG}
        event={event}
        tab="overview"
        canEdit
        ownLocale="en"
        publicUrl=""
        actions={eventActions}
        refresh={noop}
        onDeleted={noop}
        ticketStats={ticketStats}
      />,
    );

  it('sits on the Overview for members who may see it, and says so when ticketing is away', () => {
    expect(overview(stats)).toContain('data-testid="ticket-stats"');
    expect(overview(undefined)).not.toContain('ticket-stats');
    expect(overview(null)).toContain('data-testid="ticket-stats-unavailable"');
  });
});

describe('Scan Tickets', () => {
  const live = (n: number, startsAt: string, endsAt: string, status = 'live'): EventView => ({
    id: `evt_01jc5v3q8x000000000000000${n}`,
    organisationId: ORG,
    name: `Event ${n}`,
    description: '',
    startsAt,
    endsAt,
    status,
    ticketLimit: null,
    translations: [],
    location: { address: '', city: 'Utrecht', postalCode: '', country: 'NL' },
    timeZone: 'Europe/Amsterdam',
    ticketOptionCount: 1,
  });
  const NOW = Date.parse('2031-07-04T12:00:00.000Z');

  it('offers the live events that have not ended, soonest first', () => {
    const events = [
      live(1, '2031-08-01T18:00:00.000Z', '2031-08-01T23:00:00.000Z'),
      live(2, '2031-07-04T10:00:00.000Z', '2031-07-04T20:00:00.000Z'),
      live(3, '2031-07-01T10:00:00.000Z', '2031-07-01T20:00:00.000Z'),
      live(4, '2031-07-05T10:00:00.000Z', '2031-07-05T20:00:00.000Z', 'draft'),
    ];
    expect(scannableEvents(events, NOW).map((event) => event.name)).toEqual(['Event 2', 'Event 1']);
  });

  it('lists them with a Scan button to the event scanner, or says there are none', () => {
    const events = scannableEvents([live(2, '2031-07-04T10:00:00.000Z', '2031-07-04T20:00:00.000Z')], NOW);
    const html = render('en', <ScanEventsScreen orgId={ORG} events={events} />);
    expect(html).toContain('data-testid="page-scan-pick"');
    expect(html).toContain(`href="/o/${ORG}/events/evt_01jc5v3q8x0000000000000002/scan"`);
    expect(html).toContain('aria-label="Scan tickets for Event 2"');
    expect(text(html)).toContain('Event 2 Live');
    const empty = render('nl', <ScanEventsScreen orgId={ORG} events={[]} />);
    expect(text(empty)).toContain('Geen evenementen gevonden');
    expect(text(empty)).toContain('Er zijn geen live evenementen om te scannen.');
  });
});

describe('the order tickets table on its own', () => {
  it('names the event only when a ticket admits to more than one', () => {
    const single = render('en', <OrderTicketsTable tickets={[orderTickets[1]!]} orderStatus="paid" />);
    expect(text(single)).not.toContain('Harbour Friday');
  });
});
