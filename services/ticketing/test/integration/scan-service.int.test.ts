// ScanService against the real PostgreSQL and NATS and a real identity process: scan links, both ways in, every
// scan result, the offline kit, offline sync with its conflicts, and the walls between organisations. Tickets are
// issued by ticketing's own order consumer from orders the test publishes as ordering would.
import { randomBytes, verify } from 'node:crypto';
import { createGrpcClient, type GrpcCallError, type PromiseClient, status } from '@kassa/platform/grpc';
import type { Telemetry } from '@kassa/platform/telemetry';
import type { Event } from '@kassa/proto/catalog/v1/events';
import { ScanConflictRecorded } from '@kassa/proto/ticketing/events/v1/events';
import {
  type GetOfflineKitResponse,
  ScanServiceClient,
  type ScanServiceService,
  type ScannerAccess,
} from '@kassa/proto/ticketing/v1/scanning';
import { importRawPublicKey, parseTicketCode } from '../../src/domain/ticket-code';
import { metricValue, startTestTelemetry, testCallerKey } from '@kassa/platform/testing';
import { eventSnapshot, orderLine, type OrderSnapshot, orderSnapshot, withStatus } from '../fixtures/orders';
import { type TicketingHarness, startTicketingHarness } from '../fixtures/ticketing-harness';

jest.setTimeout(120_000);

let h: TicketingHarness;
let telemetry: Telemetry;
let scan: PromiseClient<typeof ScanServiceService>;
let owner: string;
let door: string;
let seller: string;
let outsider: string;
let org: string;
let outsiderOrg: string;
let concert: Event;
let jazz: Event;
let foreignEvent: Event;

const as = (userId: string) => ({ actorUserId: userId });
const address = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;
const nonce = () => `nce_${randomBytes(12).toString('hex')}`;
const device = () => `dev_${randomBytes(10).toString('hex')}`;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected an error');
    },
    (error: GrpcCallError) => error,
  );
const viaLink = (secret: string): ScannerAccess => ({ linkSecret: secret, organisationId: '', eventId: '' });
const asMember = (organisationId: string, eventId: string): ScannerAccess => ({
  linkSecret: '',
  organisationId,
  eventId,
});

interface IssuedTicket {
  id: string;
  code: string;
  reference: string;
  status: string;
}

/** Places an order through ticketing's consumer, change by change; returns its tickets. */
async function place(order: OrderSnapshot, changes: [string, string, string?][]): Promise<IssuedTicket[]> {
  for (const [index, [change, orderStatus, outcome]] of changes.entries()) {
    h.clock.now = new Date(h.clock.now.getTime() + 1000);
    await h.orderProcessed(await h.publishOrder(change, withStatus(order, orderStatus, outcome ?? ''), index + 1));
  }
  return h.sql<IssuedTicket>(
    `select id, coalesce(code, '') as code, reference, status from ticket where order_id = ? order by position`,
    [order.id],
  );
}
const paidTickets = (organisationId: string, eventIds: string[], quantity = 1) =>
  place(orderSnapshot(organisationId, [orderLine(eventIds, { quantity })]), [['paid', 'paid']]);

async function createLink(name: string, eventId = concert.id): Promise<{ id: string; secret: string }> {
  const created = await scan.createScanLink({ organisationId: org, eventId, name, expiresAt: undefined }, as(owner));
  return { id: created.link!.id, secret: created.secret };
}

beforeAll(async () => {
  telemetry = startTestTelemetry('ticketing-test');
  h = await startTicketingHarness('scanning', { identity: true });
  const identity = h.identity!;
  owner = (await identity.signUp(address('owner'))).userId;
  org = await identity.createOrganisation(owner, 'Door Org');
  door = (await identity.addMember(org, owner, address('door'), ['checkin'])).userId;
  seller = (await identity.addMember(org, owner, address('seller'), ['shops', 'orders.view'])).userId;
  outsider = (await identity.signUp(address('outsider'))).userId;
  outsiderOrg = await identity.createOrganisation(outsider, 'Other Org');
  concert = eventSnapshot(org, {
    name: 'Summer Concert',
    translations: [{ locale: 'nl', name: 'Zomerconcert', description: '' }],
  });
  jazz = eventSnapshot(org, { name: 'Jazz Night', translations: [] });
  foreignEvent = eventSnapshot(outsiderOrg, { name: 'Their Gig' });
  for (const event of [concert, jazz, foreignEvent]) await h.eventProcessed(await h.publishEvent(event));
  scan = createGrpcClient(ScanServiceClient, `127.0.0.1:${h.running.grpcPort}`, {
    callerKey: testCallerKey,
    deadlineMs: 30_000,
  });
}, 180_000);

afterAll(async () => {
  scan?.close();
  await h?.stop();
  await telemetry?.shutdown();
});

/** kassa_scans_total by result, for one mode; a scan is counted once its transaction committed, before it is answered. */
async function scanMetrics(mode: 'online' | 'offline'): Promise<Record<string, number>> {
  const results = ['valid', 'already_used', 'canceled', 'unpaid', 'wrong_event', 'invalid'];
  return Object.fromEntries(
    await Promise.all(
      results.map(async (result) => [result, await metricValue('kassa_scans_total', { result, mode })] as const),
    ),
  );
}
const plus = (before: Record<string, number>, added: Record<string, number>) =>
  Object.fromEntries(Object.entries(before).map(([result, value]) => [result, value + (added[result] ?? 0)]));

describe('scan links', () => {
  it('are made by members with "checkin", shown with their secret once, and listed newest first without it', async () => {
    h.clock.now = new Date(h.clock.now.getTime() + 1000);
    const first = await scan.createScanLink(
      { organisationId: org, eventId: jazz.id, name: '  Main entrance ', expiresAt: undefined },
      as(door),
    );
    h.clock.now = new Date(h.clock.now.getTime() + 1000);
    const second = await scan.createScanLink(
      { organisationId: org, eventId: jazz.id, name: 'Side door', expiresAt: undefined },
      as(owner),
    );
    expect(first.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.secret).not.toBe(second.secret);
    expect(first.link).toMatchObject({
      eventId: jazz.id,
      name: 'Main entrance',
      createdBy: door,
      checkIns: 0,
      revokedAt: undefined,
      lastUsedAt: undefined,
    });
    const { links } = await scan.listScanLinks({ organisationId: org, eventId: jazz.id }, as(door));
    expect(links.map((link) => link.name)).toEqual(['Side door', 'Main entrance']);
    expect(JSON.stringify(links)).not.toContain(first.secret);
    // Only the secret's SHA-256 is stored, nowhere the secret itself.
    expect(
      await h.sql(
        `select count(*)::int as n from scan_link where secret_hash = encode(sha256(convert_to(?, 'UTF8')), 'hex')`,
        [first.secret],
      ),
    ).toEqual([{ n: 1 }]);
    expect(
      await h.sql(`select count(*)::int as n from scan_link where row_to_json(scan_link)::text like ?`, [
        `%${first.secret}%`,
      ]),
    ).toEqual([{ n: 0 }]);
  });

  it('need a name of 1–80 characters', async () => {
    const empty = await failure(
      scan.createScanLink({ organisationId: org, eventId: concert.id, name: '  ', expiresAt: undefined }, as(owner)),
    );
    expect([empty.code, empty.violations]).toEqual([
      status.INVALID_ARGUMENT,
      [{ field: 'name', message: 'Name is required' }],
    ]);
    const long = await failure(
      scan.createScanLink(
        { organisationId: org, eventId: concert.id, name: 'x'.repeat(81), expiresAt: undefined },
        as(owner),
      ),
    );
    expect(long.violations).toEqual([{ field: 'name', message: 'Name is too long' }]);
    const ids = await failure(
      scan.createScanLink({ organisationId: 'org_1', eventId: 'x', name: 'Door', expiresAt: undefined }, as(owner)),
    );
    expect(ids.violations).toEqual([
      { field: 'organisationId', message: 'ID is invalid' },
      { field: 'eventId', message: 'ID is invalid' },
    ]);
  });

  it('are the organisation\'s alone: NOT_FOUND across organisations, PERMISSION_DENIED without "checkin"', async () => {
    const mine = await createLink('Mine');
    expect(
      (
        await failure(
          scan.createScanLink(
            { organisationId: org, eventId: concert.id, name: 'x', expiresAt: undefined },
            as(seller),
          ),
        )
      ).code,
    ).toBe(status.PERMISSION_DENIED);
    expect((await failure(scan.listScanLinks({ organisationId: org, eventId: concert.id }, as(seller)))).code).toBe(
      status.PERMISSION_DENIED,
    );
    expect((await failure(scan.revokeScanLink({ organisationId: org, linkId: mine.id }, as(seller)))).code).toBe(
      status.PERMISSION_DENIED,
    );
    expect(
      (
        await failure(
          scan.createScanLink(
            { organisationId: org, eventId: concert.id, name: 'x', expiresAt: undefined },
            as(outsider),
          ),
        )
      ).code,
    ).toBe(status.NOT_FOUND);
    expect(
      (
        await failure(
          scan.createScanLink({ organisationId: org, eventId: concert.id, name: 'x', expiresAt: undefined }),
        )
      ).code,
    ).toBe(status.UNAUTHENTICATED);
    // Another organisation's event or link, named from within one's own organisation.
    expect(
      (
        await failure(
          scan.createScanLink(
            { organisationId: org, eventId: foreignEvent.id, name: 'x', expiresAt: undefined },
            as(owner),
          ),
        )
      ).code,
    ).toBe(status.NOT_FOUND);
    expect(
      (await failure(scan.listScanLinks({ organisationId: outsiderOrg, eventId: concert.id }, as(outsider)))).code,
    ).toBe(status.NOT_FOUND);
    expect(
      (await failure(scan.revokeScanLink({ organisationId: outsiderOrg, linkId: mine.id }, as(outsider)))).code,
    ).toBe(status.NOT_FOUND);
    expect(
      (await scan.listScanLinks({ organisationId: org, eventId: concert.id }, as(owner))).links.find(
        (link) => link.id === mine.id,
      )?.revokedAt,
    ).toBeUndefined();
  });

  it('once revoked, scan nothing — answered exactly like an unknown link — and revoking again changes nothing', async () => {
    const link = await createLink('Back door');
    const [ticket] = await paidTickets(org, [concert.id]);
    const deviceId = device();
    expect((await scan.openScanner({ access: viaLink(link.secret), deviceId, locale: 'en' })).deviceName).toBe(
      'Back door',
    );
    h.clock.now = new Date(h.clock.now.getTime() + 1000);
    const revoked = await scan.revokeScanLink({ organisationId: org, linkId: link.id }, as(door));
    expect(revoked.link!.revokedAt).toEqual(h.clock.now);
    h.clock.now = new Date(h.clock.now.getTime() + 1000);
    expect((await scan.revokeScanLink({ organisationId: org, linkId: link.id }, as(owner))).link!.revokedAt).toEqual(
      revoked.link!.revokedAt,
    );

    const unknown = randomBytes(32).toString('base64url');
    for (const secret of [link.secret, unknown, 'short']) {
      const calls = [
        scan.openScanner({ access: viaLink(secret), deviceId, locale: 'en' }),
        scan.scan({ access: viaLink(secret), code: ticket!.code, nonce: nonce(), deviceId }),
        scan.getOfflineKit({ access: viaLink(secret), deviceId, page: undefined }),
        scan.syncOfflineScans({
          access: viaLink(secret),
          deviceId,
          scans: [{ nonce: nonce(), code: ticket!.code, scannedAt: h.clock.now }],
        }),
      ];
      for (const call of calls)
        expect(await failure(call)).toMatchObject({
          code: status.PERMISSION_DENIED,
          details: 'This scan link is not valid',
        });
    }
    expect(await h.sql('select checked_in_at from ticket_access where ticket_id = ?', [ticket!.id])).toEqual([
      { checked_in_at: null },
    ]);
    expect(await h.sql('select count(*)::int as n from scan_attempt where scope = ?', [link.id])).toEqual([{ n: 0 }]);
  });

  it('may expire: they scan until then and are refused after, like an unknown link; an expiry must lie ahead, within a year', async () => {
    const hour = 60 * 60 * 1000;
    const created = await scan.createScanLink(
      {
        organisationId: org,
        eventId: concert.id,
        name: 'Volunteers',
        expiresAt: new Date(h.clock.now.getTime() + hour),
      },
      as(owner),
    );
    expect(created.link!.expiresAt).toEqual(new Date(h.clock.now.getTime() + hour));
    const deviceId = device();
    expect((await scan.openScanner({ access: viaLink(created.secret), deviceId, locale: 'en' })).deviceName).toBe(
      'Volunteers',
    );
    h.clock.now = new Date(h.clock.now.getTime() + hour);
    expect(await failure(scan.openScanner({ access: viaLink(created.secret), deviceId, locale: 'en' }))).toMatchObject({
      code: status.PERMISSION_DENIED,
      details: 'This scan link is not valid',
    });
    for (const expiresAt of [
      h.clock.now,
      new Date(h.clock.now.getTime() - hour),
      new Date(h.clock.now.getTime() + 367 * 24 * hour),
    ]) {
      const refused = await failure(
        scan.createScanLink({ organisationId: org, eventId: concert.id, name: 'Later', expiresAt }, as(owner)),
      );
      expect([refused.code, refused.violations]).toEqual([
        status.INVALID_ARGUMENT,
        [{ field: 'expiresAt', message: 'Expires at is invalid' }],
      ]);
    }
  });

  it('are revoked, with the reason, when their maker leaves the organisation or loses "checkin"; other members\' links stay', async () => {
    const identity = h.identity!;
    const leaving = await identity.addMember(org, owner, address('leaving'), ['checkin']);
    const demoted = await identity.addMember(org, owner, address('demoted'), ['checkin', 'orders.view']);
    const make = async (maker: string, name: string) =>
      (await scan.createScanLink({ organisationId: org, eventId: concert.id, name, expiresAt: undefined }, as(maker)))
        .link!.id;
    const leavingLink = await make(leaving.userId, 'Leaving door');
    const demotedLink = await make(demoted.userId, 'Demoted door');
    const ownerLink = await make(owner, 'Owner door');

    await identity.organisations.updateMember(
      { organisationId: org, memberId: demoted.memberId, firstName: '', lastName: '', permissions: ['orders.view'] },
      { actorUserId: owner },
    );
    await identity.organisations.removeMember(
      { organisationId: org, memberId: leaving.memberId },
      { actorUserId: owner },
    );

    const reasons = async () =>
      Object.fromEntries(
        (
          await h.sql<{ id: string; revoked_reason: string }>(
            'select id, revoked_reason from scan_link where id in (?, ?, ?)',
            [leavingLink, demotedLink, ownerLink],
          )
        ).map((row) => [row.id, row.revoked_reason]),
      );
    const deadline = Date.now() + 20_000;
    while ((await reasons())[leavingLink] === '' || (await reasons())[demotedLink] === '') {
      if (Date.now() > deadline) throw new Error(`links not revoked: ${JSON.stringify(await reasons())}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await reasons()).toEqual({
      [leavingLink]: 'member_removed',
      [demotedLink]: 'member_lost_checkin',
      [ownerLink]: '',
    });
    const { links } = await scan.listScanLinks({ organisationId: org, eventId: concert.id }, as(owner));
    expect(links.find((link) => link.id === leavingLink)).toMatchObject({
      revokedReason: 'member_removed',
      revokedAt: expect.any(Date),
    });
  });
});

describe('opening a scanner', () => {
  it("with a link: its event in the scanner's language, the link's name as device, the live counts", async () => {
    const link = await createLink('Main entrance');
    const opened = await scan.openScanner({ access: viaLink(link.secret), deviceId: device(), locale: 'nl' });
    expect(opened).toMatchObject({
      organisationId: org,
      deviceName: 'Main entrance',
      event: { id: concert.id, name: 'Zomerconcert', city: 'Utrecht' },
    });
    const stats = await h.client.getEventTicketStats({ organisationId: org, eventId: concert.id }, as(owner));
    expect(opened.counts).toEqual({ checkedIn: stats.checkedIn, sold: stats.sold });
  });

  it('as a member with "checkin": the device is "Organiser" and its last four characters', async () => {
    const opened = await scan.openScanner(
      { access: asMember(org, jazz.id), deviceId: 'dev_memberphone9z8y', locale: 'en' },
      as(door),
    );
    expect(opened).toMatchObject({ deviceName: 'Organiser 9z8y', event: { id: jazz.id, name: 'Jazz Night' } });
  });

  it('refuses members without "checkin", outsiders, anonymous callers and another organisation\'s event', async () => {
    const deviceId = device();
    expect(
      (await failure(scan.openScanner({ access: asMember(org, concert.id), deviceId, locale: 'en' }, as(seller)))).code,
    ).toBe(status.PERMISSION_DENIED);
    expect(
      (await failure(scan.openScanner({ access: asMember(org, concert.id), deviceId, locale: 'en' }, as(outsider))))
        .code,
    ).toBe(status.NOT_FOUND);
    expect((await failure(scan.openScanner({ access: asMember(org, concert.id), deviceId, locale: 'en' }))).code).toBe(
      status.UNAUTHENTICATED,
    );
    expect(
      (await failure(scan.openScanner({ access: asMember(org, foreignEvent.id), deviceId, locale: 'en' }, as(owner))))
        .code,
    ).toBe(status.NOT_FOUND);
    expect(
      (
        await failure(
          scan.openScanner({ access: asMember(outsiderOrg, concert.id), deviceId, locale: 'en' }, as(outsider)),
        )
      ).code,
    ).toBe(status.NOT_FOUND);
  });

  it('needs exactly one way in, well-formed', async () => {
    const link = await createLink('Both');
    const both = await failure(
      scan.openScanner(
        {
          access: { linkSecret: link.secret, organisationId: org, eventId: concert.id },
          deviceId: device(),
          locale: 'en',
        },
        as(owner),
      ),
    );
    expect([both.code, both.violations]).toEqual([
      status.INVALID_ARGUMENT,
      [{ field: 'access', message: 'Access is invalid' }],
    ]);
    const none = await failure(scan.openScanner({ access: undefined, deviceId: device(), locale: 'en' }, as(owner)));
    expect(none.violations).toEqual([
      { field: 'access.organisationId', message: 'ID is invalid' },
      { field: 'access.eventId', message: 'ID is invalid' },
    ]);
  });
});

describe('a scan', () => {
  let link: { id: string; secret: string };
  const scanAt = (code: string, access: ScannerAccess = viaLink(link.secret), caller?: string) =>
    scan.scan({ access, code, nonce: nonce(), deviceId: 'dev_frontdoor0001' }, caller ? as(caller) : {});

  beforeAll(async () => {
    link = await createLink('Front door');
  });

  it('admits a valid code once, with the ticket (never its code or buyer) and the counts after it', async () => {
    const [ticket] = await paidTickets(org, [concert.id]);
    const before = await scan.openScanner({ access: viaLink(link.secret), deviceId: device(), locale: 'en' });
    const scansBefore = { online: await scanMetrics('online'), offline: await scanMetrics('offline') };
    const admitted = await scanAt(ticket!.code);
    expect(admitted).toMatchObject({ result: 'valid', checkedInAt: h.clock.now, checkedInByDevice: '' });
    expect(admitted.ticket).toMatchObject({
      id: ticket!.id,
      reference: ticket!.reference,
      status: 'used',
      itemName: 'Regular',
      email: '',
      code: '',
    });
    expect(admitted.ticket!.access).toEqual([
      { eventId: concert.id, checkedInAt: h.clock.now, checkedInByDevice: 'Front door' },
    ]);
    expect(admitted.counts).toEqual({ checkedIn: before.counts!.checkedIn + 1, sold: before.counts!.sold });

    const again = await scanAt(ticket!.code);
    expect(again).toMatchObject({
      result: 'already_used',
      checkedInAt: h.clock.now,
      checkedInByDevice: 'Front door',
      counts: admitted.counts,
    });
    // A retry under a nonce already answered is not a new decision.
    const retried = { access: viaLink(link.secret), code: ticket!.code, nonce: nonce(), deviceId: 'dev_frontdoor0001' };
    await scan.scan(retried);
    await scan.scan(retried);
    expect(await scanMetrics('online')).toEqual(plus(scansBefore.online, { valid: 1, already_used: 2 }));
    expect(await scanMetrics('offline')).toEqual(scansBefore.offline);
    const [row] = await h.sql<{ device_name: string; link_id: string; offline: boolean }>(
      'select device_name, link_id, offline from check_in where ticket_id = ?',
      [ticket!.id],
    );
    expect(row).toEqual({ device_name: 'Front door', link_id: link.id, offline: false });
    const [used] = await h.sql<{ check_ins: number; last_used_at: string }>(
      'select sum(check_ins)::int as check_ins, max(last_used_at) as last_used_at from scan_link_use where link_id = ?',
      [link.id],
    );
    expect([used!.check_ins, new Date(used!.last_used_at)]).toEqual([1, h.clock.now]);
    const messages = await h.waitForPublished((all) => all.some((m) => m.checkedIn?.ticketId === ticket!.id));
    expect(messages.find((m) => m.checkedIn?.ticketId === ticket!.id)).toEqual({
      subject: 'kassa.ticketing.ticket.checked_in',
      checkedIn: {
        ticketId: ticket!.id,
        organisationId: org,
        eventId: concert.id,
        orderId: expect.stringMatching(/^ord_/) as unknown,
        checkedInAt: h.clock.now,
        deviceName: 'Front door',
        offline: false,
      },
    });
  });

  it('admits a reference typed in any case, with or without its dash', async () => {
    const [first, second] = await paidTickets(org, [concert.id], 2);
    expect((await scanAt(first!.reference.toLowerCase().replace('-', ''))).result).toBe('valid');
    expect((await scanAt(` ${second!.reference.toLowerCase()} `)).result).toBe('valid');
    expect((await scanAt(first!.reference)).result).toBe('already_used');
  });

  it('tells a pass granting two events "used" only once it is checked in at both', async () => {
    const [pass] = await paidTickets(org, [concert.id, jazz.id]);
    const jazzLink = await createLink('Jazz door', jazz.id);
    const atConcert = await scanAt(pass!.code);
    expect([atConcert.result, atConcert.ticket!.status]).toEqual(['valid', 'created']);
    const atJazz = await scanAt(pass!.code, viaLink(jazzLink.secret));
    expect([atJazz.result, atJazz.ticket!.status]).toEqual(['valid', 'used']);
    expect(await h.sql('select status from ticket where id = ?', [pass!.id])).toEqual([{ status: 'used' }]);
  });

  it("refuses a ticket for another of the organisation's events as wrong_event, naming its events", async () => {
    const [jazzOnly] = await paidTickets(org, [jazz.id]);
    const wrong = await scanAt(jazzOnly!.code);
    expect(wrong.result).toBe('wrong_event');
    expect(wrong.ticket!.events.map((event) => event.name)).toEqual(['Jazz Night']);
    expect(await h.sql('select checked_in_at from ticket_access where ticket_id = ?', [jazzOnly!.id])).toEqual([
      { checked_in_at: null },
    ]);
  });

  it("refuses a canceled ticket's code as canceled, and an unpaid ticket's reference as unpaid", async () => {
    const [canceled] = await place(orderSnapshot(org, [orderLine([concert.id])]), [
      ['paid', 'paid'],
      ['canceled', 'canceled', 'refunded'],
    ]);
    expect(canceled!.status).toBe('canceled');
    expect((await scanAt(canceled!.code)).result).toBe('canceled');
    const [held] = await place(orderSnapshot(org, [orderLine([concert.id])]), [['reserved', 'reserved']]);
    expect(held!.status).toBe('reserved');
    const unpaid = await scanAt(held!.reference);
    expect([unpaid.result, unpaid.ticket!.status]).toEqual(['unpaid', 'reserved']);
  });

  it("refuses forged, re-issued, unreadable and other organisations' codes and references alike as invalid, showing nothing", async () => {
    const [mine] = await paidTickets(org, [concert.id]);
    const [theirs] = await paidTickets(outsiderOrg, [foreignEvent.id]);
    const [, keyId, payload, signature] = mine!.code.split('.');
    // The same payload under a flipped signature, and a payload naming another ticket under the original signature.
    const flipped = `KT1.${keyId}.${payload}.${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
    const parsed = parseTicketCode(mine!.code)!;
    const otherPayload = Buffer.from(JSON.stringify({ t: theirs!.id, e: parsed.eventIds, s: parsed.seed })).toString(
      'base64url',
    );
    const swapped = `KT1.${keyId}.${otherPayload}.${signature}`;
    for (const code of [flipped, swapped, theirs!.code, theirs!.reference, 'KT1.garbage', 'hello', 'ZZZZ-ZZZZ']) {
      expect(await scanAt(code)).toMatchObject({
        result: 'invalid',
        ticket: undefined,
        checkedInAt: undefined,
        checkedInByDevice: '',
      });
    }
    // A ticket issued again with a new seed: its old code names nothing any more.
    await h.sql(`update ticket set seed = 'AAAAAAAAAAAA' where id = ?`, [mine!.id]);
    expect((await scanAt(mine!.code)).result).toBe('invalid');
    expect(
      await h.sql('select count(*)::int as n from check_in where ticket_id in (?, ?)', [mine!.id, theirs!.id]),
    ).toEqual([{ n: 0 }]);
  });

  it('by a member records the member\'s device, and checks "checkin" on every scan', async () => {
    const [ticket] = await paidTickets(org, [concert.id]);
    const admitted = await scan.scan(
      { access: asMember(org, concert.id), code: ticket!.code, nonce: nonce(), deviceId: 'dev_memberphoneQ7xk' },
      as(door),
    );
    expect(admitted.result).toBe('valid');
    expect(admitted.ticket!.access[0]!.checkedInByDevice).toBe('Organiser Q7xk');
    const [other] = await paidTickets(org, [concert.id]);
    const refused = await failure(
      scan.scan(
        { access: asMember(org, concert.id), code: other!.code, nonce: nonce(), deviceId: device() },
        as(seller),
      ),
    );
    expect(refused.code).toBe(status.PERMISSION_DENIED);
    const outside = await failure(
      scan.scan(
        { access: asMember(outsiderOrg, foreignEvent.id), code: other!.code, nonce: nonce(), deviceId: device() },
        as(door),
      ),
    );
    expect(outside.code).toBe(status.NOT_FOUND);
    // The outsider at their own door: our ticket is nothing to them.
    const foreign = await scan.scan(
      { access: asMember(outsiderOrg, foreignEvent.id), code: other!.code, nonce: nonce(), deviceId: device() },
      as(outsider),
    );
    expect(foreign).toMatchObject({ result: 'invalid', ticket: undefined });
    expect(await h.sql('select checked_in_at from ticket_access where ticket_id = ?', [other!.id])).toEqual([
      { checked_in_at: null },
    ]);
  });
});

describe('the offline kit', () => {
  it('carries the keys that verify the codes, every ticket granting the event with its state here, and the revocation list', async () => {
    const kitEvent = eventSnapshot(org, { name: 'Kit Night', translations: [] });
    await h.eventProcessed(await h.publishEvent(kitEvent));
    const link = await createLink('Kit door', kitEvent.id);
    const [open, used] = await paidTickets(org, [kitEvent.id], 2);
    const [canceled] = await place(orderSnapshot(org, [orderLine([kitEvent.id])]), [
      ['paid', 'paid'],
      ['canceled', 'canceled', 'refunded'],
    ]);
    const [held] = await place(orderSnapshot(org, [orderLine([kitEvent.id])]), [['reserved', 'reserved']]);
    const [neverIssued] = await place(orderSnapshot(org, [orderLine([kitEvent.id])]), [
      ['reserved', 'reserved'],
      ['expired', 'expired', 'expired'],
    ]);
    await paidTickets(outsiderOrg, [foreignEvent.id]);
    await scan.scan({ access: viaLink(link.secret), code: used!.code, nonce: nonce(), deviceId: 'dev_kitdoor0001' });

    h.clock.now = new Date(h.clock.now.getTime() + 1000);
    const kit = await scan.getOfflineKit({ access: viaLink(link.secret), deviceId: device(), page: undefined });
    expect(kit).toMatchObject({ eventId: kitEvent.id, generatedAt: h.clock.now, counts: { checkedIn: 1, sold: 2 } });
    const byId = new Map(kit.tickets.map((ticket) => [ticket.id, ticket]));
    expect([...byId.keys()].sort()).toEqual([open!.id, used!.id, canceled!.id, held!.id].sort());
    expect(byId.get(open!.id)).toEqual({
      id: open!.id,
      reference: open!.reference,
      status: 'created',
      itemName: 'Regular',
      checkedInAt: undefined,
      checkedInByDevice: '',
    });
    expect(byId.get(used!.id)).toMatchObject({ status: 'used', checkedInByDevice: 'Kit door' });
    expect(byId.get(canceled!.id)!.status).toBe('canceled');
    expect(byId.get(held!.id)!.status).toBe('reserved');
    expect(byId.has(neverIssued!.id)).toBe(false);
    expect(kit.revokedTicketIds).toEqual([canceled!.id]);

    // A scanner verifies a code with nothing but the kit: the key by its id, the signature over the signed part.
    const parsed = parseTicketCode(open!.code)!;
    const key = kit.keys.find((entry) => entry.keyId === parsed.keyId)!;
    expect(
      verify(null, Buffer.from(parsed.signedPart, 'ascii'), importRawPublicKey(key.publicKey), parsed.signature),
    ).toBe(true);
    expect(kit.keys.every((entry) => Buffer.from(entry.publicKey, 'base64url').length === 32)).toBe(true);

    // Paged, two at a time: the same tickets and revocations, each once, in id order, and no empty last page.
    const pages: GetOfflineKitResponse[] = [];
    let pageToken = '';
    do {
      const page = await scan.getOfflineKit({
        access: viaLink(link.secret),
        deviceId: device(),
        page: { pageSize: 2, pageToken },
      });
      pages.push(page);
      pageToken = page.pageInfo!.nextPageToken;
    } while (pageToken !== '' && pages.length < 10);
    expect(pages.map((page) => page.tickets.length)).toEqual([2, 2]);
    expect(pages.flatMap((page) => page.tickets)).toEqual([...kit.tickets].sort((a, b) => a.id.localeCompare(b.id)));
    expect(pages.flatMap((page) => page.revokedTicketIds)).toEqual([canceled!.id]);
    for (const page of pages) {
      expect(page).toMatchObject({ eventId: kitEvent.id, keys: kit.keys, counts: kit.counts });
      expect(page.pageInfo!.totalSize).toBe(-1);
    }
    // A token the platform did not make, or one naming no ticket id, is refused in the spec's words.
    for (const bad of ['x', Buffer.from('kevt_01m8m2r6kmmwjycngmj5gv46we').toString('base64url')]) {
      const refused = await failure(
        scan.getOfflineKit({ access: viaLink(link.secret), deviceId: device(), page: { pageSize: 2, pageToken: bad } }),
      );
      expect([refused.code, refused.violations]).toEqual([
        status.INVALID_ARGUMENT,
        [{ field: 'page.pageToken', message: 'Page is invalid' }],
      ]);
    }
  });
});

describe('offline scans, synced', () => {
  it("are admitted at the device's time, a ticket admitted meanwhile elsewhere is a conflict (kept, listed), and a re-upload changes nothing", async () => {
    const syncEvent = eventSnapshot(org, { name: 'Sync Fest', translations: [] });
    await h.eventProcessed(await h.publishEvent(syncEvent));
    const online = await createLink('Main entrance', syncEvent.id);
    const offline = await createLink('Field gate', syncEvent.id);
    const [contested, fresh, twice, ahead] = await paidTickets(org, [syncEvent.id], 4);

    // The field gate admitted `contested` offline at 20:00; the main entrance admits it online at 20:05.
    const offlineAt = new Date(h.clock.now.getTime() + 60_000);
    h.clock.now = new Date(offlineAt.getTime() + 5 * 60_000);
    const admittedOnline = await scan.scan({
      access: viaLink(online.secret),
      code: contested!.code,
      nonce: nonce(),
      deviceId: 'dev_mainentrance01',
    });
    expect(admittedOnline.result).toBe('valid');

    h.clock.now = new Date(h.clock.now.getTime() + 10 * 60_000);
    const uploadedAt = h.clock.now;
    const scans = [
      { nonce: nonce(), code: contested!.code, scannedAt: offlineAt },
      { nonce: nonce(), code: fresh!.reference.toLowerCase(), scannedAt: new Date(offlineAt.getTime() + 1000) },
      { nonce: nonce(), code: twice!.code, scannedAt: new Date(offlineAt.getTime() + 2000) },
      { nonce: nonce(), code: twice!.code, scannedAt: new Date(offlineAt.getTime() + 3000) },
      { nonce: nonce(), code: 'KT1.forged', scannedAt: offlineAt },
      // A device clock running an hour ahead.
      { nonce: nonce(), code: ahead!.reference, scannedAt: new Date(uploadedAt.getTime() + 3_600_000) },
    ];
    const fieldGate = 'dev_fieldgate00001';
    const scansBefore = { online: await scanMetrics('online'), offline: await scanMetrics('offline') };
    const synced = await scan.syncOfflineScans({ access: viaLink(offline.secret), deviceId: fieldGate, scans });
    expect(synced.outcomes).toEqual([
      {
        nonce: scans[0]!.nonce,
        outcome: 'conflict',
        reference: contested!.reference,
        checkedInAt: admittedOnline.checkedInAt,
        checkedInByDevice: 'Main entrance',
      },
      {
        nonce: scans[1]!.nonce,
        outcome: 'admitted',
        reference: fresh!.reference,
        checkedInAt: scans[1]!.scannedAt,
        checkedInByDevice: '',
      },
      {
        nonce: scans[2]!.nonce,
        outcome: 'admitted',
        reference: twice!.reference,
        checkedInAt: scans[2]!.scannedAt,
        checkedInByDevice: '',
      },
      {
        nonce: scans[3]!.nonce,
        outcome: 'conflict',
        reference: twice!.reference,
        checkedInAt: scans[2]!.scannedAt,
        checkedInByDevice: 'Field gate',
      },
      { nonce: scans[4]!.nonce, outcome: 'invalid', reference: '', checkedInAt: undefined, checkedInByDevice: '' },
      {
        nonce: scans[5]!.nonce,
        outcome: 'admitted',
        reference: ahead!.reference,
        checkedInAt: uploadedAt,
        checkedInByDevice: '',
      },
    ]);
    expect(synced.counts).toEqual({ checkedIn: 4, sold: 4 });
    // Each offline scan is counted by the door's decision: admitted = valid, a conflict = already_used.
    expect(await scanMetrics('offline')).toEqual(plus(scansBefore.offline, { valid: 3, already_used: 2, invalid: 1 }));
    expect(await scanMetrics('online')).toEqual(scansBefore.online);

    // The first admission stays; the offline one is recorded beside it.
    const [first] = await h.sql<{ checked_in_at: string; checked_in_device: string }>(
      'select checked_in_at, checked_in_device from ticket_access where ticket_id = ?',
      [contested!.id],
    );
    expect([new Date(first!.checked_in_at), first!.checked_in_device]).toEqual([
      admittedOnline.checkedInAt,
      'Main entrance',
    ]);
    const offlineRows = await h.sql<{ checked_in_at: string; offline: boolean }>(
      'select checked_in_at, offline from check_in where ticket_id = ?',
      [fresh!.id],
    );
    expect(offlineRows.map((row) => [new Date(row.checked_in_at), row.offline])).toEqual([[scans[1]!.scannedAt, true]]);
    const messages = await h.waitForPublished((all) => all.some((m) => m.checkedIn?.ticketId === fresh!.id));
    expect(messages.find((m) => m.checkedIn?.ticketId === fresh!.id)?.checkedIn).toMatchObject({
      offline: true,
      checkedInAt: scans[1]!.scannedAt,
      deviceName: 'Field gate',
    });

    const { conflicts } = await scan.listScanConflicts({ organisationId: org, eventId: syncEvent.id }, as(door));
    expect(conflicts).toHaveLength(2);
    expect(conflicts).toEqual(
      expect.arrayContaining([
        {
          ticketId: contested!.id,
          reference: contested!.reference,
          firstCheckedInAt: admittedOnline.checkedInAt,
          firstDevice: 'Main entrance',
          secondCheckedInAt: offlineAt,
          secondDevice: 'Field gate',
          recordedAt: uploadedAt,
        },
        {
          ticketId: twice!.id,
          reference: twice!.reference,
          firstCheckedInAt: scans[2]!.scannedAt,
          firstDevice: 'Field gate',
          secondCheckedInAt: scans[3]!.scannedAt,
          secondDevice: 'Field gate',
          recordedAt: uploadedAt,
        },
      ]),
    );
    expect(
      (await h.client.getEventTicketStats({ organisationId: org, eventId: syncEvent.id }, as(owner))).openConflicts,
    ).toBe(2);

    // The device uploads the same queue again (it never heard the answer): identical outcomes, nothing new recorded.
    h.clock.now = new Date(h.clock.now.getTime() + 60_000);
    const again = await scan.syncOfflineScans({ access: viaLink(offline.secret), deviceId: fieldGate, scans });
    expect(again.outcomes).toEqual(synced.outcomes);
    expect(await scanMetrics('offline')).toEqual(plus(scansBefore.offline, { valid: 3, already_used: 2, invalid: 1 }));
    expect(await h.sql('select count(*)::int as n from scan_conflict where event_id = ?', [syncEvent.id])).toEqual([
      { n: 2 },
    ]);
    expect(await h.sql('select count(*)::int as n from check_in where event_id = ?', [syncEvent.id])).toEqual([
      { n: 4 },
    ]);
    // Each conflict is published once, in the transaction that recorded it (the outbox holds every row the relay
    // will publish, the re-upload's too), with the conflict the list shows: the dashboard counts them from these.
    const recorded = await h.sql<{ id: string; ticket_id: string }>(
      'select id, ticket_id from scan_conflict where event_id = ? order by id',
      [syncEvent.id],
    );
    const outboxed = (
      await h.sql<{ payload: Buffer }>(
        "select payload from outbox where subject like '%kassa.ticketing.scan.conflict_recorded'",
      )
    )
      .map((row) => ScanConflictRecorded.decode(row.payload))
      .filter((message) => message.eventId === syncEvent.id)
      .sort((a, b) => a.conflictId.localeCompare(b.conflictId));
    expect(outboxed).toEqual(
      recorded.map((row) => ({
        conflictId: row.id,
        organisationId: org,
        eventId: syncEvent.id,
        ticketId: row.ticket_id,
        recordedAt: expect.any(Date) as unknown,
      })),
    );
    await h.waitForPublished((all) => all.some((m) => m.conflictRecorded?.conflictId === recorded[0]!.id));
    expect(
      (await scan.listScanConflicts({ organisationId: org, eventId: syncEvent.id }, as(owner))).conflicts,
    ).toHaveLength(2);
  });

  it('answer an online scan whose answer was lost, then uploaded offline under its nonce, from that scan', async () => {
    const lostEvent = eventSnapshot(org, { name: 'Lost Answer Fest', translations: [] });
    await h.eventProcessed(await h.publishEvent(lostEvent));
    const link = await createLink('Tent', lostEvent.id);
    const gate = 'dev_tentgate000001';
    const [admittedTicket, usedTicket] = await place(orderSnapshot(org, [orderLine([lostEvent.id], { quantity: 2 })]), [
      ['paid', 'paid'],
    ]);
    // Online: the first scan admits; the second ticket was admitted before, so its scan says already used.
    const admitted = await scan.scan({
      access: viaLink(link.secret),
      code: admittedTicket!.code,
      nonce: nonce(),
      deviceId: 'dev_otherdoor0001',
    });
    expect(admitted.result).toBe('valid');
    const [lostValid, lostUsed] = [nonce(), nonce()];
    const online = await scan.scan({
      access: viaLink(link.secret),
      code: usedTicket!.code,
      nonce: lostValid,
      deviceId: gate,
    });
    expect(online.result).toBe('valid');
    const onlineUsed = await scan.scan({
      access: viaLink(link.secret),
      code: admittedTicket!.code,
      nonce: lostUsed,
      deviceId: gate,
    });
    expect(onlineUsed.result).toBe('already_used');
    // The device never heard either answer, admitted both offline under the same nonces, and uploads them.
    const scans = [
      { nonce: lostValid, code: usedTicket!.code, scannedAt: h.clock.now },
      { nonce: lostUsed, code: admittedTicket!.code, scannedAt: h.clock.now },
    ];
    const synced = await scan.syncOfflineScans({ access: viaLink(link.secret), deviceId: gate, scans });
    expect(synced.outcomes).toEqual([
      {
        nonce: lostValid,
        outcome: 'admitted',
        reference: usedTicket!.reference,
        checkedInAt: online.checkedInAt,
        checkedInByDevice: '',
      },
      {
        nonce: lostUsed,
        outcome: 'conflict',
        reference: admittedTicket!.reference,
        checkedInAt: admitted.checkedInAt,
        checkedInByDevice: 'Tent',
      },
    ]);
    // One check-in each (the online ones), and the door's admission on a used ticket recorded once, however often it is uploaded.
    expect(await scan.syncOfflineScans({ access: viaLink(link.secret), deviceId: gate, scans })).toEqual(synced);
    expect(await h.sql('select count(*)::int as n from check_in where event_id = ?', [lostEvent.id])).toEqual([
      { n: 2 },
    ]);
    expect(await h.sql('select ticket_id from scan_conflict where event_id = ?', [lostEvent.id])).toEqual([
      { ticket_id: admittedTicket!.id },
    ]);
  });

  it('refuses tickets canceled meanwhile, and the same nonce from another device', async () => {
    const syncEvent = eventSnapshot(org, { name: 'Cancel Fest', translations: [] });
    await h.eventProcessed(await h.publishEvent(syncEvent));
    const link = await createLink('Gate', syncEvent.id);
    const [ticket] = await place(orderSnapshot(org, [orderLine([syncEvent.id])]), [
      ['paid', 'paid'],
      ['canceled', 'canceled', 'refunded'],
    ]);
    const scanNonce = nonce();
    const synced = await scan.syncOfflineScans({
      access: viaLink(link.secret),
      deviceId: 'dev_gate000000001',
      scans: [{ nonce: scanNonce, code: ticket!.code, scannedAt: h.clock.now }],
    });
    expect(synced.outcomes).toEqual([
      {
        nonce: scanNonce,
        outcome: 'canceled',
        reference: ticket!.reference,
        checkedInAt: undefined,
        checkedInByDevice: '',
      },
    ]);
    const stolen = await scan.syncOfflineScans({
      access: viaLink(link.secret),
      deviceId: 'dev_gate000000002',
      scans: [{ nonce: scanNonce, code: ticket!.code, scannedAt: h.clock.now }],
    });
    expect(stolen.outcomes).toEqual([
      { nonce: scanNonce, outcome: 'invalid', reference: '', checkedInAt: undefined, checkedInByDevice: '' },
    ]);
    expect(await h.sql('select count(*)::int as n from check_in where ticket_id = ?', [ticket!.id])).toEqual([
      { n: 0 },
    ]);
  });

  it('take at most 1,000 scans per upload, each with a nonce', async () => {
    const link = await createLink('Busy gate');
    const tooMany = Array.from({ length: 1001 }, () => ({ nonce: nonce(), code: 'x', scannedAt: h.clock.now }));
    const refused = await failure(
      scan.syncOfflineScans({ access: viaLink(link.secret), deviceId: device(), scans: tooMany }),
    );
    expect([refused.code, refused.violations]).toEqual([
      status.INVALID_ARGUMENT,
      [{ field: 'scans', message: 'Scans is too long' }],
    ]);
    const noNonce = await failure(
      scan.syncOfflineScans({
        access: viaLink(link.secret),
        deviceId: device(),
        scans: [{ nonce: '', code: 'x', scannedAt: h.clock.now }],
      }),
    );
    expect(noNonce.violations).toEqual([{ field: 'scans.0.nonce', message: 'Nonce is required' }]);
    expect(
      (await scan.syncOfflineScans({ access: viaLink(link.secret), deviceId: device(), scans: tooMany.slice(0, 1000) }))
        .outcomes,
    ).toHaveLength(1000);
  });

  it('conflicts are listed to members with "checkin" of the event\'s organisation only', async () => {
    expect((await failure(scan.listScanConflicts({ organisationId: org, eventId: concert.id }, as(seller)))).code).toBe(
      status.PERMISSION_DENIED,
    );
    expect(
      (await failure(scan.listScanConflicts({ organisationId: org, eventId: concert.id }, as(outsider)))).code,
    ).toBe(status.NOT_FOUND);
    expect(
      (await failure(scan.listScanConflicts({ organisationId: outsiderOrg, eventId: concert.id }, as(outsider)))).code,
    ).toBe(status.NOT_FOUND);
    expect((await scan.listScanConflicts({ organisationId: org, eventId: concert.id }, as(door))).conflicts).toEqual(
      [],
    );
  });
});
