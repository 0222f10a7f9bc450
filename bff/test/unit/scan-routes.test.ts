// The scanner's route handlers without servers: the session, identity's Authorize, ticketing's ScanService and the
// Redis rate limiter are mocked, so each test shows which check answers first and exactly what reaches ticketing.
// Public routes (a scan link): CSRF → body (the secret is in it) → rate limit per link and address → ticketing.
// Member routes: CSRF → signed in → ids → permission "checkin" → body → ticketing, acting for the member.
import { status } from '@grpc/grpc-js';
import { SCAN_INPUT_MAX_LENGTH } from '@kassa/contracts/scan-input';
import { newId } from '@kassa/platform/ids';
import { NextRequest } from 'next/server';

const findSessionUser = jest.fn();
const authorize = jest.fn();
const hit = jest.fn();
const scanCalls: { actor: string | null; method: string; request: unknown; options: unknown }[] = [];
const answers: Record<string, jest.Mock> = {};
const stub = (actor: string | null) =>
  new Proxy(
    {},
    {
      get: (_target, method: string) => (request: unknown, options: unknown) => {
        scanCalls.push({ actor, method, request, options });
        return (answers[method] ??= jest.fn())(request);
      },
    },
  );
jest.mock('../../server/auth/session-user', () => ({ findSessionUser: (token: string) => findSessionUser(token) }));
jest.mock('../../server/clients/organisation-client', () => ({ organisationClientAs: () => ({ authorize }) }));
jest.mock('../../server/rate-limit', () => ({ hitBffRateLimit: (key: string, limit: unknown) => hit(key, limit) }));
jest.mock('../../server/clients/scan-client', () => ({
  scanClient: () => stub(null),
  scanClientAs: (userId: string) => stub(userId),
  KIT_CALL: { deadlineMs: 15_000 },
  SYNC_CALL: { deadlineMs: 20_000 },
}));

import { POST as publicScan } from '../../app/api/scan/route';
import { POST as publicOpen } from '../../app/api/scan/open/route';
import { POST as publicKit } from '../../app/api/scan/offline-kit/route';
import { POST as publicSync } from '../../app/api/scan/sync/route';
import { GET as memberOpen, POST as memberScan } from '../../app/api/organisations/[orgId]/events/[eventId]/scan/route';
import { GET as memberKit } from '../../app/api/organisations/[orgId]/events/[eventId]/scan/offline-kit/route';
import { POST as memberSync } from '../../app/api/organisations/[orgId]/events/[eventId]/scan/sync/route';
import { GET as memberConflicts } from '../../app/api/organisations/[orgId]/events/[eventId]/scan/conflicts/route';
import {
  GET as listLinks,
  POST as createLink,
} from '../../app/api/organisations/[orgId]/events/[eventId]/scan-links/route';
import { POST as revokeLink } from '../../app/api/organisations/[orgId]/events/[eventId]/scan-links/[linkId]/revoke/route';
import { linkScannerScope, SCAN_LINK_LIMIT, scanLinkRateKey } from '../../server/scan/scan-requests';
import { logger } from '../../server/logger';

const grpcError = (code: status, details: string, violations: { field: string; message: string }[] = []) =>
  Object.assign(new Error(`${status[code]} ${details}`), { name: 'GrpcCallError', code, details, violations });

const ORIGIN = 'http://localhost:3000';
const USER = { id: newId('usr'), email: 'olivia@example.test', displayName: 'Olivia', locale: 'en' };
const ORG = newId('org');
const EVENT = newId('evt');
const LINK = newId('scl');
const SECRET = 'S3cr3t_-'.repeat(5).slice(0, 40) + 'xyz';
const DEVICE = 'dev_phone0001';
const NONCE = '6f1c1b5e-8d0a-4f5c-9a57-2f4c1e9d7b21';
const CODE = 'KT1.key_a.eyJ0IjoidGt0In0.c2ln';

const ticket = {
  id: newId('tkt'),
  reference: 'K7QF-2MXA',
  status: 'used',
  orderId: newId('ord'),
  orderNumber: 'K7F3-9QX2',
  organisationId: ORG,
  shopId: newId('shp'),
  itemId: newId('itm'),
  itemName: 'Weekend pass',
  ticketOptionId: newId('tko'),
  price: undefined,
  email: 'guest@example.test',
  code: CODE,
  access: [],
  events: [],
  issuedAt: new Date(),
  canceledAt: undefined,
  position: 1,
  ofCount: 1,
};
const scanLink = {
  id: LINK,
  eventId: EVENT,
  name: 'Main entrance',
  createdBy: USER.id,
  createdAt: new Date('2031-07-01T12:00:00Z'),
  revokedAt: undefined,
  lastUsedAt: new Date('2031-07-01T19:00:00Z'),
  checkIns: 4,
  expiresAt: undefined,
  revokedReason: '',
};

interface Call {
  method?: 'GET' | 'POST';
  body?: unknown;
  signedIn?: boolean;
  origin?: string | null;
  query?: string;
}

function request(
  path: string,
  { method = 'POST', body, signedIn = true, origin = ORIGIN, query = '' }: Call,
): NextRequest {
  const headers = new Headers({ host: 'localhost:3000', 'content-type': 'application/json' });
  if (origin && method !== 'GET') headers.set('origin', origin);
  if (signedIn) headers.set('cookie', 'kassa_session=opaque-session-token');
  return new NextRequest(`${ORIGIN}${path}${query}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

type Route<P> = (request: NextRequest, context: { params: Promise<P> }) => Promise<Response>;

async function call<P>(
  route: Route<P>,
  path: string,
  params: P,
  options: Call = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await route(request(path, options), { params: Promise.resolve(params) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const none = {} as Record<string, never>;
const eventParams = { orgId: ORG, eventId: EVENT };
const eventPath = `/api/organisations/${ORG}/events/${EVENT}`;

beforeEach(() => {
  scanCalls.length = 0;
  for (const key of Object.keys(answers)) delete answers[key];
  for (const mock of [findSessionUser, authorize, hit]) mock.mockReset();
  findSessionUser.mockResolvedValue(USER);
  authorize.mockResolvedValue({ allowed: true, member: true, permissions: ['checkin'] });
  hit.mockResolvedValue({ allowed: true, retryAfterSeconds: 0 });
  answers.scan = jest.fn().mockResolvedValue({
    result: 'already_used',
    ticket,
    checkedInAt: new Date('2031-07-01T19:02:00Z'),
    checkedInByDevice: 'Main entrance',
    counts: { checkedIn: 5, sold: 9 },
  });
  answers.openScanner = jest.fn().mockResolvedValue({
    event: {
      id: EVENT,
      name: 'Summer Night',
      startsAt: new Date('2031-07-01T18:00:00Z'),
      endsAt: undefined,
      address: '',
      city: 'Utrecht',
      postalCode: '',
      country: 'NL',
      status: 'live',
    },
    organisationId: ORG,
    deviceName: 'Main entrance',
    counts: { checkedIn: 5, sold: 9 },
  });
  answers.getOfflineKit = jest.fn().mockResolvedValue({
    eventId: EVENT,
    keys: [{ keyId: 'key_a', publicKey: 'AAAA' }],
    tickets: [
      {
        id: ticket.id,
        reference: 'K7QF-2MXA',
        status: 'created',
        itemName: 'Weekend pass',
        checkedInAt: undefined,
        checkedInByDevice: '',
      },
    ],
    revokedTicketIds: ['tkt_x'],
    generatedAt: new Date('2031-07-01T18:00:00Z'),
    counts: { checkedIn: 0, sold: 1 },
  });
  answers.syncOfflineScans = jest.fn().mockResolvedValue({
    outcomes: [
      {
        nonce: NONCE,
        outcome: 'conflict',
        reference: 'K7QF-2MXA',
        checkedInAt: new Date('2031-07-01T19:00:00Z'),
        checkedInByDevice: 'Main entrance',
      },
    ],
    counts: { checkedIn: 6, sold: 9 },
  });
  answers.listScanLinks = jest.fn().mockResolvedValue({ links: [scanLink] });
  answers.createScanLink = jest.fn().mockResolvedValue({ link: scanLink, secret: SECRET });
  answers.revokeScanLink = jest
    .fn()
    .mockResolvedValue({ link: { ...scanLink, revokedAt: new Date('2031-07-01T20:00:00Z') } });
  answers.listScanConflicts = jest.fn().mockResolvedValue({ conflicts: [] });
});

describe('POST /api/scan (through a scan link)', () => {
  const body = { secret: SECRET, code: CODE, nonce: NONCE, deviceId: DEVICE };

  it('refuses a request from another site before anything else (403)', async () => {
    expect(
      await call(publicScan, '/api/scan', none, { body, origin: 'https://evil.example', signedIn: false }),
    ).toEqual({ status: 403, body: { message: 'Forbidden' } });
    expect(scanCalls).toEqual([]);
    expect(hit).not.toHaveBeenCalled();
  });

  it("checks the body in the spec's words before counting or asking ticketing (400)", async () => {
    const answer = await call(publicScan, '/api/scan', none, {
      body: { secret: 'short', code: '', nonce: 'has spaces', deviceId: 'phone' },
      signedIn: false,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({
      secret: 'Scan link is invalid',
      code: 'Code is required',
      nonce: 'Nonce is invalid',
      deviceId: 'Device is invalid',
    });
    expect(hit).not.toHaveBeenCalled();
    expect(scanCalls).toEqual([]);
  });

  it("passes on a code up to ticketing's limit of 4,096 characters and refuses a longer one (400)", async () => {
    const longest = `KT1.${'a'.repeat(SCAN_INPUT_MAX_LENGTH - 4)}`;
    expect(
      (await call(publicScan, '/api/scan', none, { body: { ...body, code: longest }, signedIn: false })).status,
    ).toBe(200);
    expect(scanCalls).toMatchObject([{ method: 'scan', request: { code: longest } }]);
    const answer = await call(publicScan, '/api/scan', none, {
      body: { ...body, code: `${longest}a` },
      signedIn: false,
    });
    expect(answer).toMatchObject({ status: 400, body: { fields: { code: 'Code is too long' } } });
    expect(scanCalls).toHaveLength(1);
  });

  it('passes the scan to ticketing with the link as access, and answers what the door may see (no e-mail)', async () => {
    const answer = await call(publicScan, '/api/scan', none, { body, signedIn: false });
    expect(answer).toEqual({
      status: 200,
      body: {
        result: 'already_used',
        ticket: { reference: 'K7QF-2MXA', itemName: 'Weekend pass', status: 'used' },
        checkedInAt: '2031-07-01T19:02:00.000Z',
        checkedInByDevice: 'Main entrance',
        counts: { checkedIn: 5, sold: 9 },
      },
    });
    expect(JSON.stringify(answer.body)).not.toContain('guest@example.test');
    expect(scanCalls).toEqual([
      {
        actor: null,
        method: 'scan',
        request: {
          access: { linkSecret: SECRET, organisationId: '', eventId: '' },
          code: CODE,
          nonce: NONCE,
          deviceId: DEVICE,
        },
        options: undefined,
      },
    ]);
  });

  it('counts each call against the link and the address, without the secret in the key; 429 past the limit', async () => {
    await call(publicScan, '/api/scan', none, { body, signedIn: false });
    expect(hit).toHaveBeenCalledWith(scanLinkRateKey(SECRET, '127.0.0.1'), SCAN_LINK_LIMIT);
    expect(String(hit.mock.calls[0]![0])).not.toContain(SECRET);
    expect(SCAN_LINK_LIMIT).toEqual({ limit: 600, windowSeconds: 60 });

    hit.mockResolvedValue({ allowed: false, retryAfterSeconds: 12 });
    scanCalls.length = 0;
    const refused = await call(publicScan, '/api/scan', none, { body, signedIn: false });
    expect(refused).toEqual({
      status: 429,
      body: { message: 'Too many attempts. Please try again later.', retryAfterSeconds: 12 },
    });
    expect(scanCalls).toEqual([]);
  });

  it('answers an unknown or revoked link (PERMISSION_DENIED) with 404 "This scan link is not valid"', async () => {
    answers.scan!.mockRejectedValue(grpcError(status.PERMISSION_DENIED, 'scan link not valid'));
    expect(await call(publicScan, '/api/scan', none, { body, signedIn: false })).toEqual({
      status: 404,
      body: { message: 'This scan link is not valid' },
    });
  });

  it('answers 503 when ticketing is unreachable (the scanner then decides offline)', async () => {
    const logged = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    answers.scan!.mockRejectedValue(grpcError(status.UNAVAILABLE, 'connect ECONNREFUSED'));
    expect((await call(publicScan, '/api/scan', none, { body, signedIn: false })).status).toBe(503);
    // The failure is logged with the path, which holds no secret: the secret travels in the body.
    expect(logged.mock.calls[0]?.[0]).toMatchObject({ method: 'POST', path: '/api/scan', status: 503 });
    logged.mockRestore();
  });
});

describe('the other public scanner routes', () => {
  it('opens the scanner in the asked language, and treats an unknown language as English', async () => {
    const answer = await call(publicOpen, '/api/scan/open', none, {
      body: { secret: SECRET, deviceId: DEVICE, locale: 'nl' },
      signedIn: false,
    });
    expect(answer.body).toEqual({
      event: {
        id: EVENT,
        name: 'Summer Night',
        startsAt: '2031-07-01T18:00:00.000Z',
        endsAt: '',
        city: 'Utrecht',
        status: 'live',
      },
      organisationId: ORG,
      deviceName: 'Main entrance',
      counts: { checkedIn: 5, sold: 9 },
    });
    expect(scanCalls[0]!.request).toEqual({
      access: { linkSecret: SECRET, organisationId: '', eventId: '' },
      deviceId: DEVICE,
      locale: 'nl',
    });
    await call(publicOpen, '/api/scan/open', none, {
      body: { secret: SECRET, deviceId: DEVICE, locale: 'fr' },
      signedIn: false,
    });
    expect(scanCalls[1]!.request).toMatchObject({ locale: 'en' });
  });

  it('hands out the offline kit with dates as ISO strings', async () => {
    const answer = await call(publicKit, '/api/scan/offline-kit', none, {
      body: { secret: SECRET, deviceId: DEVICE },
      signedIn: false,
    });
    expect(answer.body).toEqual({
      eventId: EVENT,
      keys: [{ keyId: 'key_a', publicKey: 'AAAA' }],
      tickets: [
        {
          id: ticket.id,
          reference: 'K7QF-2MXA',
          status: 'created',
          itemName: 'Weekend pass',
          checkedInAt: '',
          checkedInByDevice: '',
        },
      ],
      revokedTicketIds: ['tkt_x'],
      generatedAt: '2031-07-01T18:00:00.000Z',
      counts: { checkedIn: 0, sold: 1 },
      nextPageToken: '',
    });
    expect(scanCalls[0]!.options).toEqual({ deadlineMs: 15_000 });
    // Without a page token the kit is asked for whole (a scanner loaded before paging).
    expect(scanCalls[0]!.request).toMatchObject({ page: undefined });
  });

  it('hands out the kit a page at a time when the scanner pages, and refuses a malformed token', async () => {
    answers.getOfflineKit!.mockResolvedValueOnce({
      ...(await answers.getOfflineKit!()),
      pageInfo: { nextPageToken: 'a2V2dF8x', totalSize: -1 },
    });
    scanCalls.length = 0;
    const first = await call(publicKit, '/api/scan/offline-kit', none, {
      body: { secret: SECRET, deviceId: DEVICE, pageToken: '' },
      signedIn: false,
    });
    expect(first.body.nextPageToken).toBe('a2V2dF8x');
    expect(scanCalls[0]!.request).toMatchObject({ page: { pageSize: 0, pageToken: '' } });
    await call(publicKit, '/api/scan/offline-kit', none, {
      body: { secret: SECRET, deviceId: DEVICE, pageToken: 'a2V2dF8x' },
      signedIn: false,
    });
    expect(scanCalls[1]!.request).toMatchObject({ page: { pageSize: 0, pageToken: 'a2V2dF8x' } });
    // The first page counts with the scans; the further pages in a window of their own.
    const key = scanLinkRateKey(SECRET, '127.0.0.1');
    expect(hit.mock.calls.slice(-2).map(([called]) => called)).toEqual([key, `${key}:kit-pages`]);
    for (const pageToken of ['no spaces', 7, 'x'.repeat(101)]) {
      const refused = await call(publicKit, '/api/scan/offline-kit', none, {
        body: { secret: SECRET, deviceId: DEVICE, pageToken },
        signedIn: false,
      });
      expect([refused.status, refused.body.fields]).toEqual([400, { pageToken: 'Page is invalid' }]);
    }
    expect(scanCalls).toHaveLength(2);
  });

  it('uploads offline scans with their times as dates and answers the outcomes', async () => {
    const scans = [{ nonce: NONCE, code: CODE, scannedAt: '2031-07-01T20:30:00.000Z' }];
    const answer = await call(publicSync, '/api/scan/sync', none, {
      body: { secret: SECRET, deviceId: DEVICE, scans },
      signedIn: false,
    });
    expect(answer.body).toEqual({
      outcomes: [
        {
          nonce: NONCE,
          outcome: 'conflict',
          reference: 'K7QF-2MXA',
          checkedInAt: '2031-07-01T19:00:00.000Z',
          checkedInByDevice: 'Main entrance',
        },
      ],
      counts: { checkedIn: 6, sold: 9 },
    });
    expect(scanCalls[0]!.request).toEqual({
      access: { linkSecret: SECRET, organisationId: '', eventId: '' },
      deviceId: DEVICE,
      scans: [{ ...scans[0], scannedAt: new Date('2031-07-01T20:30:00.000Z') }],
    });
  });

  it('refuses more than 1,000 scans in one upload', async () => {
    const scans = Array.from({ length: 1001 }, (_, index) => ({
      nonce: `n-${index}`,
      code: CODE,
      scannedAt: '2031-07-01T20:30:00.000Z',
    }));
    const answer = await call(publicSync, '/api/scan/sync', none, {
      body: { secret: SECRET, deviceId: DEVICE, scans },
      signedIn: false,
    });
    expect(answer).toMatchObject({ status: 400, body: { fields: { scans: 'Scans is too long' } } });
    expect(scanCalls).toEqual([]);
  });

  it("keeps a link's storage scope free of its secret", () => {
    expect(linkScannerScope(SECRET)).toMatch(/^link:[A-Za-z0-9_-]{22}$/);
    expect(linkScannerScope(SECRET)).not.toContain(SECRET.slice(0, 10));
  });
});

describe("the member's scanner routes: the checks, in order", () => {
  const body = { code: CODE, nonce: NONCE, deviceId: DEVICE };

  it('wants a session (401), then well-formed ids (400), then membership (404) and "checkin" (403)', async () => {
    expect((await call(memberScan, `${eventPath}/scan`, eventParams, { body, signedIn: false })).status).toBe(401);
    findSessionUser.mockResolvedValue(USER);
    expect(await call(memberScan, `${eventPath}/scan`, { orgId: ORG, eventId: 'evt_nope' }, { body })).toEqual({
      status: 400,
      body: { message: 'ID is invalid' },
    });
    authorize.mockResolvedValue({ allowed: false, member: false, permissions: [] });
    expect((await call(memberScan, `${eventPath}/scan`, eventParams, { body })).status).toBe(404);
    authorize.mockResolvedValue({ allowed: false, member: true, permissions: ['events'] });
    expect((await call(memberScan, `${eventPath}/scan`, eventParams, { body })).status).toBe(403);
    expect(authorize).toHaveBeenLastCalledWith({ userId: USER.id, organisationId: ORG, permission: 'checkin' });
    expect(scanCalls).toEqual([]);
  });

  it('scans acting for the member, with the organisation and event as access', async () => {
    const answer = await call(memberScan, `${eventPath}/scan`, eventParams, { body });
    expect(answer.body.result).toBe('already_used');
    expect(scanCalls).toEqual([
      {
        actor: USER.id,
        method: 'scan',
        request: {
          access: { linkSecret: '', organisationId: ORG, eventId: EVENT },
          code: CODE,
          nonce: NONCE,
          deviceId: DEVICE,
        },
        options: undefined,
      },
    ]);
  });

  it("maps ticketing's refusals like every organiser route", async () => {
    answers.scan!.mockRejectedValue(grpcError(status.PERMISSION_DENIED, 'no'));
    expect((await call(memberScan, `${eventPath}/scan`, eventParams, { body })).status).toBe(403);
    answers.scan!.mockRejectedValue(grpcError(status.NOT_FOUND, 'Event not found'));
    expect(await call(memberScan, `${eventPath}/scan`, eventParams, { body })).toEqual({
      status: 404,
      body: { message: 'Event not found' },
    });
  });

  it('opens and hands out the kit for a device named in the query, which must be well formed', async () => {
    expect(
      (await call(memberOpen, `${eventPath}/scan`, eventParams, { method: 'GET', query: '?locale=nl' })).body,
    ).toMatchObject({ fields: { deviceId: 'Device is required' } });
    const opened = await call(memberOpen, `${eventPath}/scan`, eventParams, {
      method: 'GET',
      query: `?deviceId=${DEVICE}&locale=nl`,
    });
    expect(opened.status).toBe(200);
    expect(scanCalls[0]).toMatchObject({
      actor: USER.id,
      method: 'openScanner',
      request: { access: { linkSecret: '', organisationId: ORG, eventId: EVENT }, deviceId: DEVICE, locale: 'nl' },
    });
    const kit = await call(memberKit, `${eventPath}/scan/offline-kit`, eventParams, {
      method: 'GET',
      query: `?deviceId=${DEVICE}&pageToken=`,
    });
    expect(kit.body.revokedTicketIds).toEqual(['tkt_x']);
    expect(scanCalls[1]).toMatchObject({
      actor: USER.id,
      method: 'getOfflineKit',
      request: { page: { pageSize: 0, pageToken: '' } },
      options: { deadlineMs: 15_000 },
    });
  });

  it('uploads offline scans and lists conflicts for the member', async () => {
    await call(memberSync, `${eventPath}/scan/sync`, eventParams, {
      body: { deviceId: DEVICE, scans: [{ nonce: NONCE, code: CODE, scannedAt: '2031-07-01T20:30:00.000Z' }] },
    });
    expect(scanCalls[0]).toMatchObject({ actor: USER.id, method: 'syncOfflineScans' });
    answers.listScanConflicts!.mockResolvedValue({
      conflicts: [
        {
          ticketId: ticket.id,
          reference: 'K7QF-2MXA',
          firstCheckedInAt: new Date('2031-07-01T19:00:00Z'),
          firstDevice: 'Main',
          secondCheckedInAt: new Date('2031-07-01T19:05:00Z'),
          secondDevice: 'Side',
          recordedAt: new Date('2031-07-01T21:00:00Z'),
        },
      ],
    });
    const conflicts = await call(memberConflicts, `${eventPath}/scan/conflicts`, eventParams, { method: 'GET' });
    expect(conflicts.body).toEqual({
      conflicts: [
        {
          ticketId: ticket.id,
          reference: 'K7QF-2MXA',
          firstCheckedInAt: '2031-07-01T19:00:00.000Z',
          firstDevice: 'Main',
          secondCheckedInAt: '2031-07-01T19:05:00.000Z',
          secondDevice: 'Side',
          recordedAt: '2031-07-01T21:00:00.000Z',
        },
      ],
    });
    expect(scanCalls[1]).toMatchObject({
      method: 'listScanConflicts',
      request: { organisationId: ORG, eventId: EVENT },
    });
  });
});

describe('scan links', () => {
  it('creates a link with a checked name and answers its secret once (201)', async () => {
    expect(
      (await call(createLink, `${eventPath}/scan-links`, eventParams, { body: { name: ' ' } })).body,
    ).toMatchObject({ fields: { name: 'Name must not be empty' } });
    expect(
      (await call(createLink, `${eventPath}/scan-links`, eventParams, { body: { name: 'x'.repeat(81) } })).body,
    ).toMatchObject({ fields: { name: 'Name is too long' } });
    expect(scanCalls).toEqual([]);
    const created = await call(createLink, `${eventPath}/scan-links`, eventParams, {
      body: { name: ' Main entrance ' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      link: {
        id: LINK,
        eventId: EVENT,
        name: 'Main entrance',
        createdBy: USER.id,
        createdAt: '2031-07-01T12:00:00.000Z',
        revokedAt: '',
        lastUsedAt: '2031-07-01T19:00:00.000Z',
        checkIns: 4,
        expiresAt: '',
        revokedReason: '',
      },
      secret: SECRET,
    });
    expect(scanCalls[0]).toEqual({
      actor: USER.id,
      method: 'createScanLink',
      request: { organisationId: ORG, eventId: EVENT, name: 'Main entrance' },
      options: undefined,
    });
  });

  it('lists links without secrets', async () => {
    const listed = await call(listLinks, `${eventPath}/scan-links`, eventParams, { method: 'GET' });
    expect(listed.body).toEqual({ links: [expect.objectContaining({ id: LINK, checkIns: 4 })] });
    expect(JSON.stringify(listed.body)).not.toContain(SECRET);
  });

  it('revokes a link by a well-formed id, after the permission check', async () => {
    expect(
      await call(revokeLink, `${eventPath}/scan-links/scl_bad/revoke`, { ...eventParams, linkId: 'scl_bad' }),
    ).toEqual({ status: 400, body: { message: 'ID is invalid' } });
    expect(authorize).not.toHaveBeenCalled();
    const revoked = await call(revokeLink, `${eventPath}/scan-links/${LINK}/revoke`, { ...eventParams, linkId: LINK });
    expect(revoked.body).toMatchObject({ link: { id: LINK, revokedAt: '2031-07-01T20:00:00.000Z' } });
    expect(scanCalls[0]).toMatchObject({
      actor: USER.id,
      method: 'listScanLinks',
      request: { organisationId: ORG, eventId: EVENT },
    });
    expect(scanCalls[1]).toMatchObject({
      actor: USER.id,
      method: 'revokeScanLink',
      request: { organisationId: ORG, linkId: LINK },
    });
  });

  it("answers 404 for a link that is not the event's, and revokes nothing", async () => {
    answers.listScanLinks = jest.fn().mockResolvedValue({ links: [] });
    const other = await call(revokeLink, `${eventPath}/scan-links/${LINK}/revoke`, { ...eventParams, linkId: LINK });
    expect(other).toEqual({ status: 404, body: { message: 'Not found' } });
    expect(scanCalls.map((c) => c.method)).toEqual(['listScanLinks']);
  });

  it('refuses a cross-site create (403)', async () => {
    expect(
      (
        await call(createLink, `${eventPath}/scan-links`, eventParams, {
          body: { name: 'Door' },
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);
    expect(scanCalls).toEqual([]);
  });
});
