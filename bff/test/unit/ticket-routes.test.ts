// The ticket routes without servers: the session, identity's Authorize, ticketing, notifications and catalog are
// mocked, so each test shows which check answers first (CSRF → signed in → ids → permission → body → service) and
// exactly what reaches the services: Resend, the e-mail delivery webhook, the Attendees CSV and the guest's tickets.
import { status } from '@grpc/grpc-js';
import { newId } from '@kassa/platform/ids';
import { NextRequest } from 'next/server';

const findSessionUser = jest.fn();
const authorize = jest.fn();
const resendOrderConfirmation = jest.fn();
const handleDeliveryEvent = jest.fn();
const listAttendees = jest.fn();
const listOrderTickets = jest.fn();
const getEvent = jest.fn();
const hit = jest.fn();
jest.mock('../../server/rate-limit', () => ({ hitBffRateLimit: (key: string, limit: unknown) => hit(key, limit) }));
jest.mock('../../server/auth/session-user', () => ({ findSessionUser: (token: string) => findSessionUser(token) }));
jest.mock('../../server/clients/organisation-client', () => ({ organisationClientAs: () => ({ authorize }) }));
jest.mock('../../server/clients/notifications-client', () => ({
  notificationsClientAs: (userId: string) => ({
    resendOrderConfirmation: (req: unknown) => resendOrderConfirmation(userId, req),
  }),
  notificationsClient: () => ({ handleDeliveryEvent }),
}));
jest.mock('../../server/clients/ticket-client', () => ({
  ticketClientAs: (userId: string) => ({ listAttendees: (req: unknown) => listAttendees(userId, req) }),
  ticketClient: () => ({ listOrderTickets }),
}));
jest.mock('../../server/clients/event-client', () => ({
  eventClientAs: (userId: string) => ({ getEvent: (req: unknown) => getEvent(userId, req) }),
}));

import { GET as ticketsRoute } from '../../app/api/orders/[orderId]/tickets/route';
import { GET as csvRoute } from '../../app/api/organisations/[orgId]/events/[eventId]/attendees.csv/route';
import { POST as resendRoute } from '../../app/api/organisations/[orgId]/orders/[orderId]/resend-confirmation/route';
import { POST as webhookRoute } from '../../app/api/webhooks/email/route';
import { logger } from '../../server/logger';

/** A failed call as the platform client throws it (judged by shape: name, code, details, violations). */
const grpcError = (code: status, details: string) =>
  Object.assign(new Error(`${status[code]} ${details}`), { name: 'GrpcCallError', code, details, violations: [] });

const ORIGIN = 'http://localhost:3000';
const USER = { id: newId('usr'), email: 'olivia@example.test', displayName: 'Olivia', locale: 'en' };
const ORG = newId('org');
const ORDER = newId('ord');
const EVENT = newId('evt');
const KEY = '0123456789abcdef0123456789abcdef';

interface Call {
  method?: 'GET' | 'POST';
  body?: unknown;
  signedIn?: boolean;
  origin?: string | null;
  headers?: Record<string, string>;
}

function request(
  path: string,
  { method = 'POST', body, signedIn = true, origin = ORIGIN, headers = {} }: Call,
): NextRequest {
  const all = new Headers({ host: 'localhost:3000', 'content-type': 'application/json', ...headers });
  if (origin) all.set('origin', origin);
  if (signedIn) all.set('cookie', 'kassa_session=opaque-session-token');
  const payload =
    body === undefined
      ? undefined
      : typeof body === 'string' || body instanceof Uint8Array
        ? body
        : JSON.stringify(body);
  return new NextRequest(`${ORIGIN}${path}`, { method, headers: all, body: payload as BodyInit | undefined });
}

type Route<P> = (request: NextRequest, context: { params: Promise<P> }) => Promise<Response>;

async function call<P>(route: Route<P>, path: string, params: P, options: Call = {}) {
  const response = await route(request(path, options), { params: Promise.resolve(params) });
  const raw = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    headers: response.headers,
    raw,
    body: type.includes('json') ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {},
  };
}

const message = {
  id: newId('msg'),
  template: 'order-confirmation',
  recipient: 'guest@example.test',
  subject: 'Your tickets',
  status: 'notSent',
  history: [{ status: 'notSent', occurredAt: new Date('2031-07-03T08:00:00Z'), detail: '' }],
  createdAt: new Date('2031-07-03T08:00:00Z'),
  subjectRef: ORDER,
  organisationId: ORG,
  attachments: ['tickets-K-2031-0042.pdf'],
  purpose: 'resend',
};

const attendee = (n: number, extra: Record<string, unknown> = {}) => ({
  ticketId: newId('tkt'),
  reference: `K7QF-2MX${n}`,
  status: 'created',
  orderId: ORDER,
  orderNumber: 'K-2031-0042',
  email: `guest${n}@example.test`,
  itemName: 'Weekend pass',
  ticketOptionId: newId('tko'),
  checkedInAt: undefined,
  checkedInByDevice: '',
  issuedAt: new Date('2031-07-01T10:02:00Z'),
  subscribed: n % 2 === 0,
  ...extra,
});

beforeEach(() => {
  for (const mock of [
    findSessionUser,
    authorize,
    resendOrderConfirmation,
    handleDeliveryEvent,
    listAttendees,
    listOrderTickets,
    getEvent,
    hit,
  ])
    mock.mockReset();
  hit.mockResolvedValue({ allowed: true, retryAfterSeconds: 0 });
  findSessionUser.mockResolvedValue(USER);
  authorize.mockResolvedValue({ allowed: true, member: true, permissions: ['orders.view', 'orders.manage'] });
  resendOrderConfirmation.mockResolvedValue({ message, created: true });
  getEvent.mockResolvedValue({ event: { id: EVENT, name: 'Harbour Friday 2031' } });
  listAttendees.mockResolvedValue({ attendees: [attendee(1)], page: { nextPageToken: '', totalSize: 1 } });
});

describe('POST …/orders/{orderId}/resend-confirmation', () => {
  const resend = (options: Call & { orgId?: string; orderId?: string } = {}) => {
    const orgId = options.orgId ?? ORG;
    const orderId = options.orderId ?? ORDER;
    return call(
      resendRoute,
      `/api/organisations/${orgId}/orders/${orderId}/resend-confirmation`,
      { orgId, orderId },
      { body: { idempotencyKey: KEY }, ...options },
    );
  };

  it('refuses another site, then a visitor without a session, before anything else', async () => {
    expect(await resend({ origin: 'https://evil.example' })).toMatchObject({
      status: 403,
      body: { message: 'Forbidden' },
    });
    expect((await resend({ signedIn: false, orderId: 'nonsense' })).status).toBe(401);
    expect(authorize).not.toHaveBeenCalled();
    expect(resendOrderConfirmation).not.toHaveBeenCalled();
  });

  it('answers 400 \'ID is invalid\' for malformed ids, and asks identity for "orders.manage" before reading the body', async () => {
    expect(await resend({ orderId: newId('tkt') })).toMatchObject({ status: 400, body: { message: 'ID is invalid' } });
    expect(await resend({ orgId: 'org_1' })).toMatchObject({ status: 400, body: { message: 'ID is invalid' } });
    expect(authorize).not.toHaveBeenCalled();
    authorize.mockResolvedValue({ allowed: false, member: true, permissions: ['orders.view'] });
    expect(await resend({ body: 'not json' })).toMatchObject({ status: 403 });
    expect(authorize).toHaveBeenCalledWith({ userId: USER.id, organisationId: ORG, permission: 'orders.manage' });
    authorize.mockResolvedValue({ allowed: false, member: false, permissions: [] });
    expect(await resend()).toMatchObject({ status: 404, body: { message: 'Not found' } });
    expect(resendOrderConfirmation).not.toHaveBeenCalled();
  });

  it("names a missing or malformed idempotency key in the spec's words", async () => {
    for (const [body, words] of [
      [{}, 'Idempotency key is required'],
      [{ idempotencyKey: '' }, 'Idempotency key is required'],
      [{ idempotencyKey: 'short' }, 'Idempotency key is invalid'],
      [{ idempotencyKey: 'has spaces in it' }, 'Idempotency key is invalid'],
      [{ idempotencyKey: 42 }, 'Idempotency key is invalid'],
    ] as const) {
      expect(await resend({ body })).toMatchObject({
        status: 400,
        body: {
          message: 'Some fields are not valid. Please check the form and try again.',
          fields: { idempotencyKey: words },
        },
      });
    }
    expect(resendOrderConfirmation).not.toHaveBeenCalled();
  });

  it("resends as the signed-in member with the browser's key and answers the message", async () => {
    const answer = await resend();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(resendOrderConfirmation).toHaveBeenCalledWith(USER.id, {
      organisationId: ORG,
      orderId: ORDER,
      idempotencyKey: KEY,
    });
    expect(answer.body).toEqual({
      created: true,
      message: {
        id: message.id,
        template: 'order-confirmation',
        purpose: 'resend',
        recipient: 'guest@example.test',
        subject: 'Your tickets',
        status: 'notSent',
        createdAt: '2031-07-03T08:00:00.000Z',
        attachments: ['tickets-K-2031-0042.pdf'],
        history: [{ status: 'notSent', occurredAt: '2031-07-03T08:00:00.000Z', detail: '' }],
      },
    });
  });

  it("maps notifications' refusals like every route: no valid tickets → 409 with its words, another organisation's order → 404, away → 503", async () => {
    resendOrderConfirmation.mockRejectedValueOnce(
      grpcError(status.FAILED_PRECONDITION, 'The order has no valid tickets'),
    );
    expect(await resend()).toMatchObject({ status: 409, body: { message: 'The order has no valid tickets' } });
    resendOrderConfirmation.mockRejectedValueOnce(grpcError(status.NOT_FOUND, 'Order not found'));
    expect(await resend()).toMatchObject({ status: 404, body: { message: 'Order not found' } });
    const quiet = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    resendOrderConfirmation.mockRejectedValueOnce(grpcError(status.UNAVAILABLE, 'down'));
    expect((await resend()).status).toBe(503);
    quiet.mockRestore();
  });
});

describe('POST /api/webhooks/email', () => {
  const event = Buffer.from(
    '{"eventType":"Delivery","mail":{"messageId":"abc","tags":{"kassa-message":["msg_1"]}},"note":"ünïcødé"}',
  );
  const deliver = (options: Call) =>
    call(
      webhookRoute as unknown as Route<Record<string, never>>,
      '/api/webhooks/email',
      {},
      { origin: null, ...options },
    );

  it('forwards the exact bytes and the Kassa-Signature header, with no Origin and no session (the provider sends neither)', async () => {
    handleDeliveryEvent.mockResolvedValue({ applied: 1 });
    const answer = await deliver({
      body: new Uint8Array(event),
      signedIn: false,
      headers: { 'kassa-signature': 't=1,v1=abc' },
    });
    expect(answer).toMatchObject({ status: 200, body: { received: true, applied: 1 } });
    const forwarded = handleDeliveryEvent.mock.calls[0]![0] as { rawBody: Buffer; signature: string };
    expect(forwarded.signature).toBe('t=1,v1=abc');
    expect(Buffer.compare(forwarded.rawBody, event)).toBe(0);
  });

  it('acknowledges replays and unknown messages with 200 too (nothing applied)', async () => {
    handleDeliveryEvent.mockResolvedValue({ applied: 0 });
    expect(await deliver({ body: new Uint8Array(event), headers: { 'kassa-signature': 't=1,v1=abc' } })).toMatchObject({
      status: 200,
      body: { received: true, applied: 0 },
    });
  });

  it('answers 401 for a missing or wrong signature, 413 above 1 MB, 503 while notifications is away', async () => {
    expect(await deliver({ body: new Uint8Array(event) })).toMatchObject({
      status: 401,
      body: { message: 'Signature is invalid' },
    });
    expect(
      (await deliver({ body: new Uint8Array(event), headers: { 'kassa-signature': `t=1,v1=${'a'.repeat(2000)}` } }))
        .status,
    ).toBe(401);
    expect(handleDeliveryEvent).not.toHaveBeenCalled();
    handleDeliveryEvent.mockRejectedValueOnce(grpcError(status.UNAUTHENTICATED, 'bad signature'));
    expect(
      await deliver({ body: new Uint8Array(event), headers: { 'kassa-signature': 't=1,v1=forged' } }),
    ).toMatchObject({ status: 401, body: { message: 'Signature is invalid' } });
    expect(
      (await deliver({ body: new Uint8Array(1024 * 1024 + 1), headers: { 'kassa-signature': 't=1,v1=abc' } })).status,
    ).toBe(413);
    const quiet = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    handleDeliveryEvent.mockRejectedValueOnce(grpcError(status.UNAVAILABLE, 'down'));
    expect((await deliver({ body: new Uint8Array(event), headers: { 'kassa-signature': 't=1,v1=abc' } })).status).toBe(
      503,
    );
    quiet.mockRestore();
  });
});

describe('GET …/events/{eventId}/attendees.csv', () => {
  const download = (options: Call & { orgId?: string; eventId?: string; query?: string } = {}) => {
    const orgId = options.orgId ?? ORG;
    const eventId = options.eventId ?? EVENT;
    return call(
      csvRoute,
      `/api/organisations/${orgId}/events/${eventId}/attendees.csv${options.query ?? ''}`,
      { orgId, eventId },
      { method: 'GET', origin: null, ...options },
    );
  };

  it('answers 401 signed out, 400 for malformed ids, 404 for an outsider, 403 without "orders.view" or "checkin"', async () => {
    expect((await download({ signedIn: false })).status).toBe(401);
    expect(await download({ eventId: newId('ord') })).toMatchObject({
      status: 400,
      body: { message: 'ID is invalid' },
    });
    expect(await download({ orgId: 'org_1' })).toMatchObject({ status: 400, body: { message: 'ID is invalid' } });
    expect(authorize).not.toHaveBeenCalled();
    authorize.mockResolvedValue({ allowed: false, member: false, permissions: [] });
    expect((await download()).status).toBe(404);
    authorize.mockResolvedValue({ allowed: true, member: true, permissions: ['events', 'shops'] });
    expect(await download()).toMatchObject({
      status: 403,
      body: { message: 'You do not have permission to do this.' },
    });
    // Membership is asked; the two permissions are judged from the answer.
    expect(authorize).toHaveBeenLastCalledWith({ userId: USER.id, organisationId: ORG, permission: '' });
    expect(listAttendees).not.toHaveBeenCalled();
  });

  it('lets door staff with only "checkin" export', async () => {
    authorize.mockResolvedValue({ allowed: true, member: true, permissions: ['checkin'] });
    expect((await download()).status).toBe(200);
  });

  it('walks every page with the search and status filter, as a CSV download named after the event', async () => {
    listAttendees
      .mockResolvedValueOnce({ attendees: [attendee(1), attendee(2)], page: { nextPageToken: 'p2', totalSize: -1 } })
      .mockResolvedValueOnce({
        attendees: [
          attendee(3, { status: 'used', checkedInAt: new Date('2031-07-04T16:05:00Z'), checkedInByDevice: 'Door 1' }),
        ],
        page: { nextPageToken: '', totalSize: -1 },
      });
    const answer = await download({ query: '?q=%20guest%20&status=used&locale=nl&page=7' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="attendees-harbour-friday-2031.csv"');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect([...answer.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = answer.raw.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'Referentie,Status,Item,Bestelnummer,E-mail,Toestemming mailings,Uitgegeven op (UTC),Ingecheckt op (UTC),Apparaat,Ticket-ID',
    );
    expect(lines.slice(1, 4).map((line) => line.split(',').slice(0, 6).join(','))).toEqual([
      'K7QF-2MX1,created,Weekend pass,K-2031-0042,guest1@example.test,nee',
      'K7QF-2MX2,created,Weekend pass,K-2031-0042,guest2@example.test,ja',
      'K7QF-2MX3,used,Weekend pass,K-2031-0042,guest3@example.test,nee',
    ]);
    expect(lines[3]).toContain(',2031-07-04T16:05:00.000Z,Door 1,');
    const requests = listAttendees.mock.calls.map(([userId, req]) => ({ userId, ...(req as object) }));
    expect(requests).toEqual([
      {
        userId: USER.id,
        organisationId: ORG,
        eventId: EVENT,
        shopId: '',
        query: 'guest',
        statuses: ['used'],
        page: { pageSize: 500, pageToken: '' },
      },
      {
        userId: USER.id,
        organisationId: ORG,
        eventId: EVENT,
        shopId: '',
        query: 'guest',
        statuses: ['used'],
        page: { pageSize: 500, pageToken: 'p2' },
      },
    ]);
  });

  it('ignores an unknown status (every issued ticket) and answers 404 for an event catalog does not know', async () => {
    await download({ query: '?status=reserved' });
    expect(listAttendees).toHaveBeenLastCalledWith(USER.id, expect.objectContaining({ statuses: [] }));
    getEvent.mockRejectedValueOnce(grpcError(status.NOT_FOUND, 'Event not found'));
    expect(await download()).toMatchObject({ status: 404, body: { message: 'Event not found' } });
    listAttendees.mockRejectedValueOnce(grpcError(status.PERMISSION_DENIED, 'no'));
    expect((await download()).status).toBe(403);
  });
});

describe('GET /api/orders/{orderId}/tickets', () => {
  const tickets = (orderId = ORDER, query = '') =>
    call(
      ticketsRoute,
      `/api/orders/${orderId}/tickets${query}`,
      { orderId },
      { method: 'GET', signedIn: false, origin: null },
    );

  const ACCESS = 'the_orders_access_keys';

  it("answers 400 'ID is invalid' for a malformed order id, and 404 without the order's key, without asking ticketing", async () => {
    expect(await tickets('ord_1', `?key=${ACCESS}`)).toMatchObject({ status: 400, body: { message: 'ID is invalid' } });
    expect(await tickets(ORDER)).toMatchObject({ status: 404 });
    expect(await tickets(ORDER, '?key=not-a-key&locale=en')).toMatchObject({ status: 404 });
    expect(listOrderTickets).not.toHaveBeenCalled();
    expect(hit).toHaveBeenCalledWith('guest-read:127.0.0.1', expect.objectContaining({ windowSeconds: 60 }));
  });

  it("lists the order's tickets in the guest's language, without e-mail or code", async () => {
    listOrderTickets.mockResolvedValue({
      tickets: [
        {
          id: newId('tkt'),
          reference: 'K7QF-2MXA',
          status: 'created',
          orderId: ORDER,
          orderNumber: 'K-2031-0042',
          organisationId: ORG,
          shopId: newId('shp'),
          itemId: newId('itm'),
          itemName: 'Weekend pass',
          ticketOptionId: newId('tko'),
          price: { amountMinor: 4050, currency: 'EUR' },
          email: '',
          code: 'KT1.key_x.payload.sig',
          access: [],
          events: [
            {
              id: EVENT,
              name: 'Havenvrijdag',
              startsAt: undefined,
              endsAt: undefined,
              address: '',
              city: '',
              postalCode: '',
              country: '',
              status: 'live',
            },
          ],
          issuedAt: new Date(),
          canceledAt: undefined,
          position: 1,
          ofCount: 1,
          accessKey: 'the_second_tickets_key',
        },
      ],
    });
    const answer = await tickets(ORDER, `?key=${ACCESS}&locale=nl`);
    expect(answer.status).toBe(200);
    expect(listOrderTickets).toHaveBeenCalledWith({ orderId: ORDER, locale: 'nl', orderAccessKey: ACCESS });
    expect(answer.body.tickets).toEqual([
      expect.objectContaining({
        reference: 'K7QF-2MXA',
        status: 'created',
        itemName: 'Weekend pass',
        eventNames: ['Havenvrijdag'],
        position: 1,
        ofCount: 1,
        accessKey: 'the_second_tickets_key',
      }),
    ]);
    expect(JSON.stringify(answer.body)).not.toContain('KT1.');
    await tickets(ORDER, `?locale=fr&key=${ACCESS}`);
    expect(listOrderTickets).toHaveBeenLastCalledWith({ orderId: ORDER, locale: 'en', orderAccessKey: ACCESS });
  });
});
