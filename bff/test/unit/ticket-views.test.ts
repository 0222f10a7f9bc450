// ticketing's and notifications' answers as the screens receive them: what a public ticket page may show (no code
// for reserved or canceled tickets, no e-mail, no device), the organiser's rows, the figures, and the QR drawing.
import { newId } from '@kassa/platform/ids';
import type { Ticket } from '@kassa/proto/ticketing/v1/tickets';
import { ticketAccessRights } from '../../server/events/attendee-pages';
import { ticketQrSvg } from '../../server/tickets/ticket-qr';
import {
  toAttendeeView,
  toOrderMessageView,
  toOrderTicketView,
  toTicketPageView,
  toTicketStatsView,
} from '../../server/tickets/ticket-views';

const EVENT = newId('evt');
const EVENT2 = newId('evt');
const ticket = (extra: Partial<Ticket> = {}): Ticket => ({
  id: newId('tkt'),
  reference: 'K7QF-2MXA',
  status: 'created',
  orderId: newId('ord'),
  orderNumber: 'K-2031-0042',
  organisationId: newId('org'),
  shopId: newId('shp'),
  itemId: newId('itm'),
  itemName: 'Weekend pass',
  ticketOptionId: newId('tko'),
  price: { amountMinor: 4050, currency: 'EUR' },
  email: 'guest@example.test',
  code: 'KT1.key_abc.eyJ0IjoidGt0In0.c2ln',
  access: [
    { eventId: EVENT, checkedInAt: new Date('2031-07-04T16:05:00Z'), checkedInByDevice: 'Door 1' },
    { eventId: EVENT2, checkedInAt: undefined, checkedInByDevice: '' },
  ],
  events: [
    {
      id: EVENT,
      name: 'Harbour Friday',
      startsAt: new Date('2031-07-04T16:00:00Z'),
      endsAt: new Date('2031-07-04T22:00:00Z'),
      address: 'Kade 1',
      city: 'Rotterdam',
      postalCode: '3011 AA',
      country: 'NL',
      status: 'live',
      timeZone: 'Europe/Amsterdam',
    },
    {
      id: EVENT2,
      name: 'Harbour Saturday',
      startsAt: new Date('2031-07-05T12:00:00Z'),
      endsAt: new Date('2031-07-05T22:00:00Z'),
      address: '',
      city: '',
      postalCode: '',
      country: '',
      status: 'live',
      timeZone: '',
    },
  ],
  issuedAt: new Date('2031-07-01T10:02:00Z'),
  canceledAt: undefined,
  position: 2,
  ofCount: 3,
  accessKey: 'the_orders_access_keys',
  ...extra,
});

describe('the public ticket view', () => {
  it('keeps the QR code of a valid or used ticket and leaves out e-mail and devices', () => {
    const view = toTicketPageView(ticket(), '<svg/>');
    expect(view).toMatchObject({
      reference: 'K7QF-2MXA',
      status: 'created',
      orderNumber: 'K-2031-0042',
      itemName: 'Weekend pass',
      position: 2,
      ofCount: 3,
      qrSvg: '<svg/>',
      canceledAt: '',
    });
    expect(view.events[0]).toEqual({
      id: EVENT,
      name: 'Harbour Friday',
      startsAt: '2031-07-04T16:00:00.000Z',
      endsAt: '2031-07-04T22:00:00.000Z',
      location: { address: 'Kade 1', city: 'Rotterdam', postalCode: '3011 AA', country: 'NL' },
      status: 'live',
      timeZone: 'Europe/Amsterdam',
    });
    expect(view.access).toEqual([
      { eventId: EVENT, eventName: 'Harbour Friday', checkedInAt: '2031-07-04T16:05:00.000Z', device: '' },
      { eventId: EVENT2, eventName: 'Harbour Saturday', checkedInAt: '', device: '' },
    ]);
    expect(JSON.stringify(view)).not.toMatch(/guest@example|Door 1|KT1\./);
    expect(toTicketPageView(ticket({ status: 'used' }), '<svg/>').qrSvg).toBe('<svg/>');
  });

  it('never carries a code for a reserved or canceled ticket, even if one came along', () => {
    expect(toTicketPageView(ticket({ status: 'reserved' }), '<svg/>').qrSvg).toBe('');
    expect(
      toTicketPageView(ticket({ status: 'canceled', canceledAt: new Date('2031-07-02T09:00:00Z') }), '<svg/>'),
    ).toMatchObject({ qrSvg: '', canceledAt: '2031-07-02T09:00:00.000Z' });
    expect(toTicketPageView(ticket({ code: '' }), '<svg/>').qrSvg).toBe('');
    expect(() => toTicketPageView(undefined, '')).toThrow('without a ticket');
  });
});

describe("the organiser's views", () => {
  it('keeps price, devices and event names on the order page', () => {
    expect(toOrderTicketView(ticket())).toMatchObject({
      priceMinor: 4050,
      currency: 'EUR',
      status: 'created',
      access: [
        { eventId: EVENT, eventName: 'Harbour Friday', checkedInAt: '2031-07-04T16:05:00.000Z', device: 'Door 1' },
        { eventId: EVENT2, eventName: 'Harbour Saturday', checkedInAt: '', device: '' },
      ],
    });
  });

  it('maps attendees, figures and messages with ISO dates and minor units', () => {
    expect(
      toAttendeeView({
        ticketId: 'tkt_1',
        reference: 'R',
        status: 'used',
        orderId: 'ord_1',
        orderNumber: 'N',
        email: 'e@x.test',
        itemName: 'I',
        ticketOptionId: 'tko_1',
        checkedInAt: new Date('2031-07-04T16:05:00Z'),
        checkedInByDevice: 'Door 1',
        issuedAt: undefined,
        subscribed: true,
      }),
    ).toEqual({
      ticketId: 'tkt_1',
      reference: 'R',
      status: 'used',
      orderId: 'ord_1',
      orderNumber: 'N',
      email: 'e@x.test',
      itemName: 'I',
      checkedInAt: '2031-07-04T16:05:00.000Z',
      device: 'Door 1',
      issuedAt: '',
      subscribed: true,
    });
    expect(
      toTicketStatsView({
        sold: 3,
        checkedIn: 1,
        canceled: 0,
        revenue: undefined,
        options: [],
        checkInsPerMinute: [0, 1],
        openConflicts: 0,
      }),
    ).toEqual({
      sold: 3,
      checkedIn: 1,
      canceled: 0,
      revenueMinor: 0,
      currency: 'EUR',
      options: [],
      checkInsPerMinute: [0, 1],
      openConflicts: 0,
    });
    expect(
      toOrderMessageView({
        id: 'msg_1',
        template: 't',
        recipient: 'r',
        subject: 's',
        status: 'delivery',
        createdAt: undefined,
        subjectRef: 'ord_1',
        organisationId: 'org_1',
        attachments: [],
        purpose: 'confirmation',
        history: [{ status: 'send', occurredAt: new Date('2031-07-01T10:00:00Z'), detail: '250 OK' }],
      }).history,
    ).toEqual([{ status: 'send', occurredAt: '2031-07-01T10:00:00.000Z', detail: '250 OK' }]);
  });
});

describe('who may see tickets', () => {
  it('gives attendees to "orders.view" or "checkin", order links to "orders.view", figures also to "events"', () => {
    expect(ticketAccessRights(['orders.view'])).toEqual({ attendees: true, orders: true, stats: true });
    expect(ticketAccessRights(['checkin'])).toEqual({ attendees: true, orders: false, stats: true });
    expect(ticketAccessRights(['events'])).toEqual({ attendees: false, orders: false, stats: true });
    expect(ticketAccessRights(['shops', 'members'])).toEqual({ attendees: false, orders: false, stats: false });
  });
});

describe('the QR code', () => {
  it('is an SVG drawn from the code, black on white, the same for the same code, and nothing without a code', async () => {
    const svg = await ticketQrSvg('KT1.key_abc.eyJ0IjoidGt0In0.c2ln');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1"/);
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('stroke="#000000"');
    expect(await ticketQrSvg('KT1.key_abc.eyJ0IjoidGt0In0.c2ln')).toBe(svg);
    expect(await ticketQrSvg('KT1.key_abc.eyJ0IjoidGt0In1.c2ln')).not.toBe(svg);
    expect(await ticketQrSvg('')).toBe('');
  });
});
