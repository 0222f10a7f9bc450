// Tenant isolation, as one table that every step extends: each organiser route of the BFF and each organisation-scoped
// gRPC method, called by a member of organisation A with organisation B's ids (in the path, the body and the query),
// by a member of A who lacks the permission, and (for the ticketing surface) anonymously. Every answer must be a
// refusal (403/404/401, gRPC: PERMISSION_DENIED, NOT_FOUND or UNAUTHENTICATED) or, where the contract answers A's
// own scope (a scan of B's code at A's door, A's attendees searched for B's guest), an answer that holds nothing of
// B; and none of identity's, catalog's, ordering's, payments', ticketing's and notifications' databases may change,
// but for the one row a scan at A's own door legitimately writes (its nonce, in A's scope; see ScanAllowance).
// It compares whole tables of identity and catalog on the shared platform, so nothing else may write them meanwhile:
// it runs in the e2e-alone project, after the files that run two at a time.
// Both organisations sell in a shop that is open now: guests bought there through the BFF's checkout API, so that
// every order route and method has a real paid order (refund, tickets, confirmation e-mail) and a real held one
// (cancel) of each to aim at, and each event has scan links (one usable, one revoked, one for a second event).
import { createHmac, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ServiceError, status } from '@grpc/grpc-js';
import { Client } from 'pg';
import { createGrpcClient, callerKeyFromRoot } from '@kassa/platform/grpc';
import { EventServiceClient } from '@kassa/proto/catalog/v1/events';
import { ShopServiceClient } from '@kassa/proto/catalog/v1/shops';
import { OrganisationServiceClient } from '@kassa/proto/identity/v1/organisations';
import { OrderServiceClient } from '@kassa/proto/ordering/v1/orders';
import { PaymentServiceClient } from '@kassa/proto/payments/v1/payments';
import { NotificationsServiceClient } from '@kassa/proto/notifications/v1/notifications';
import { ScanServiceClient } from '@kassa/proto/ticketing/v1/scanning';
import { TicketServiceClient } from '@kassa/proto/ticketing/v1/tickets';
import { isAccessKey } from '@kassa/platform/ids';
import { mustBeAtLeast, mustBeZero, recordFigures } from '../figures';
import { bffRoutes } from '../surface';
import { ApiSession } from '@kassa/testing/api';
import { type SignedInAccount, signUpViaApi, testAddress } from '@kassa/testing/accounts';
import { waitForMessagesTo } from '@kassa/testing/mail';
import { stackInfo } from '@kassa/testing/stack-info';
import { eventually } from '@kassa/testing/eventually';

jest.setTimeout(180_000);
const stack = stackInfo();

/** The ids one organisation's data is reached by. */
interface Tenant {
  orgId: string;
  eventId: string;
  ticketOptionId: string;
  ownerMemberId: string;
  invitationId: string;
  shopId: string;
  itemId: string;
  discountCodeId: string;
  /** A second shop, open now, for the ticket option (its event published), where guests bought. */
  saleShopId: string;
  saleItemId: string;
  /** Paid through the demo provider: what refunds aim at. */
  paidOrderId: string;
  paidPaymentId: string;
  /** Held (pending, its demo payment attempt open): what cancels aim at. */
  heldOrderId: string;
  heldPaymentId: string;
  /** The paid order's one ticket (issued by ticketing), the held order's (reserved), and the paid order's confirmation e-mail. */
  paidTicketId: string;
  heldTicketId: string;
  confirmationMessageId: string;
  /** Scan links of the event: one usable, one revoked; and a second event (a draft) with a link of its own. */
  scanLinkId: string;
  revokedLinkId: string;
  otherEventId: string;
  otherLinkId: string;
  /** What only the organisation (and its guest) knows: never part of an answer to anyone else, nor a database scope. */
  secrets: TenantSecrets;
}

interface TenantSecrets {
  guestEmail: string;
  /** The guest's access keys (22 characters of base64url): of the paid and the held order, and of the paid order's ticket. */
  paidOrderKey: string;
  heldOrderKey: string;
  ticketKey: string;
  paidOrderNumber: string;
  ticketReference: string;
  /** The QR's signed code, "KT1.<keyId>.<payload>.<signature>", and the organisation's key id in it. */
  ticketCode: string;
  keyId: string;
  scanSecret: string;
  revokedSecret: string;
  otherSecret: string;
}

let ownerA: SignedInAccount;
let scannerA: SignedInAccount;
/** Colleagues in A with one permission each: the Attendees/checkin rules are "any of", so each misses a different set. */
let viewerA: SignedInAccount;
let plannerA: SignedInAccount;
let treasurerA: SignedInAccount;
let ownerB: SignedInAccount;
let a: Tenant;
let b: Tenant;
const databases: { service: string; client: Client }[] = [];

const expectOk = (response: { status: number; body: unknown }, what: string): unknown => {
  if (response.status >= 300) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as unknown;
};

const EVENT = {
  name: 'Isolation test',
  description: '',
  startsAt: '2031-05-01T18:00:00.000Z',
  endsAt: '2031-05-01T23:00:00.000Z',
  ticketLimit: null,
  location: { address: 'Main 1', city: 'Utrecht', postalCode: '3511AA', country: 'NL' },
  timeZone: 'Europe/Amsterdam',
  translations: [],
};
const TICKET_OPTION = { name: 'Regular', description: '', capacity: 100, translations: [] };
// Valid bodies, so that a refusal can only come from whose ids they are.
const SHOP = {
  name: 'Isolation shop',
  description: '',
  opensAt: '2031-04-01T00:00:00.000Z',
  closesAt: '2031-05-01T00:00:00.000Z',
  currency: 'EUR',
  translations: [],
};
const shopItem = (ticketOptionId: string) => ({ ticketOptionId, extraEventIds: [], name: '', priceMinor: 1_000 });
const DISCOUNT_CODE = { code: 'TAKEN10', type: 'percentage', value: 10, itemIds: [] };

/** Creates an organisation with an event, a ticket option, a pending invitation, shops and orders, as its owner (and a guest). */
async function createTenant(account: SignedInAccount, name: string): Promise<Tenant> {
  const { api: owner, userId } = account;
  const created = expectOk(
    await owner.call('POST', '/api/organisations', { name, description: '', currency: 'EUR', defaultLocale: 'en' }),
    'create organisation',
  );
  const { id: orgId, memberId: ownerMemberId } = (created as { organisation: { id: string; memberId: string } })
    .organisation;
  const event = expectOk(await owner.call('POST', `/api/organisations/${orgId}/events`, EVENT), 'create event') as {
    event: { id: string };
  };
  const option = expectOk(
    await owner.call('POST', `/api/organisations/${orgId}/events/${event.event.id}/ticket-options`, TICKET_OPTION),
    'create ticket option',
  ) as {
    ticketOption: { id: string };
  };
  const invited = expectOk(
    await owner.call('POST', `/api/organisations/${orgId}/members`, {
      email: testAddress('pending'),
      firstName: 'Pat',
      lastName: 'Pending',
      permissions: ['checkin'],
    }),
    'invite',
  ) as { invitation: { id: string } };
  // Shops are set up through catalog's gRPC API as the owner, as the BFF would.
  const { shop } = await shops.createShop({ organisationId: orgId, fields: shopFields() }, actor(userId));
  const { item } = await shops.createShopItem(
    { organisationId: orgId, shopId: shop!.id, fields: itemFields(option.ticketOption.id) },
    actor(userId),
  );
  const { discountCode } = await shops.createDiscountCode(
    { organisationId: orgId, shopId: shop!.id, fields: codeFields([]) },
    actor(userId),
  );
  const { guestEmail, paidOrderKey, heldOrderKey, ...sale } = await openForSale(
    account,
    orgId,
    event.event.id,
    option.ticketOption.id,
  );
  const tickets = await ticketsAndScanLinks(
    account,
    orgId,
    event.event.id,
    { id: sale.paidOrderId, accessKey: paidOrderKey },
    sale.heldOrderId,
  );
  return {
    orgId,
    eventId: event.event.id,
    ticketOptionId: option.ticketOption.id,
    ownerMemberId,
    invitationId: invited.invitation.id,
    shopId: shop!.id,
    itemId: item!.id,
    discountCodeId: discountCode!.id,
    ...sale,
    ...tickets.ids,
    secrets: { guestEmail, paidOrderKey, heldOrderKey, ...tickets.secrets },
  };
}

/**
 * Waits for the paid order's ticket (ticketing) and its confirmation e-mail (notifications, sent), reads the ticket's
 * code as its guest would (GetTicket is anonymous, with the ticket's key), and makes the event's scan links through
 * the BFF as the owner: one usable, one revoked, and one for a second event (a draft is enough: ticketing projects
 * every event).
 */
async function ticketsAndScanLinks(
  { api: owner, userId }: SignedInAccount,
  orgId: string,
  eventId: string,
  paidOrder: { id: string; accessKey: string },
  heldOrderId: string,
) {
  const paidOrderId = paidOrder.id;
  const issued = await eventually("the paid order's ticket", async () => {
    const { tickets } = await ticketing.listOrderTickets({
      orderId: paidOrderId,
      locale: 'en',
      orderAccessKey: paidOrder.accessKey,
    });
    return tickets.length === 1 && tickets[0]!.code !== '' ? tickets[0]! : undefined;
  });
  const ticketKey = accessKey(issued.accessKey, "the paid order's ticket");
  // The held order's ticket is reserved (no code): the organiser sees it, and the offline kit lists it as such.
  const reserved = await eventually("the held order's reserved ticket", async () => {
    const { tickets } = await ticketing.listTicketsOfOrder(
      { organisationId: orgId, orderId: heldOrderId },
      actor(userId),
    );
    return tickets.length === 1 && tickets[0]!.status === 'reserved' ? tickets[0]! : undefined;
  });
  const { ticket } = await ticketing.getTicket({ ticketId: issued.id, locale: 'en', accessKey: ticketKey });
  const keyId = ticket!.code.split('.')[1]!;
  const { order } = await orders.getOrder({ organisationId: orgId, orderId: paidOrderId }, actor(userId));
  const confirmation = await eventually("the order's confirmation e-mail to be sent", async () => {
    const { messages } = await notifications.listOrderMessages(
      { organisationId: orgId, orderId: paidOrderId },
      actor(userId),
    );
    return messages.find((message) => message.purpose === 'confirmation' && message.status === 'send');
  });

  const link = (forEvent: string, name: string) =>
    eventually(`a scan link for ${forEvent}`, async () => {
      const answer = await owner.call('POST', `/api/organisations/${orgId}/events/${forEvent}/scan-links`, { name });
      if (answer.status === 201) return answer.body as { link: { id: string }; secret: string };
      // ticketing learns of a new event from catalog's stream a moment later.
      if (answer.status === 404) return undefined;
      throw new Error(`create scan link answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    });
  const usable = await link(eventId, 'Isolation main door');
  const revoked = await link(eventId, 'Isolation side door');
  expectOk(
    await owner.call('POST', `/api/organisations/${orgId}/events/${eventId}/scan-links/${revoked.link.id}/revoke`),
    'revoke scan link',
  );
  const other = expectOk(
    await owner.call('POST', `/api/organisations/${orgId}/events`, { ...EVENT, name: 'Isolation second night' }),
    'create second event',
  ) as { event: { id: string } };
  const otherLink = await link(other.event.id, 'Isolation second night door');
  return {
    ids: {
      paidTicketId: issued.id,
      heldTicketId: reserved.id,
      confirmationMessageId: confirmation.id,
      scanLinkId: usable.link.id,
      revokedLinkId: revoked.link.id,
      otherEventId: other.event.id,
      otherLinkId: otherLink.link.id,
    },
    secrets: {
      paidOrderNumber: order!.number,
      ticketKey,
      ticketReference: ticket!.reference,
      ticketCode: ticket!.code,
      keyId,
      scanSecret: usable.secret,
      revokedSecret: revoked.secret,
      otherSecret: otherLink.secret,
    },
  };
}

const guest = new ApiSession(stack.bffUrl);
const newKey = () => `isolation-${randomBytes(8).toString('hex')}`;

/** A guest's access key as an answer gave it; a missing one fails the set-up (an empty secret would be "found" in every answer). */
function accessKey(value: string | undefined, of: string): string {
  if (!isAccessKey(value)) throw new Error(`${of} came without an access key: ${JSON.stringify(value)}`);
  return value;
}

/**
 * Publishes the event and opens a second shop for its ticket option now, with a long hold (60 minutes, so that no
 * hold ends while the table runs), then places two orders as an anonymous guest through the BFF and pays one on
 * the demo provider's page; waits until ordering shows one paid and the other pending.
 */
async function openForSale(
  { api: owner, userId }: SignedInAccount,
  orgId: string,
  eventId: string,
  ticketOptionId: string,
) {
  expectOk(await owner.call('POST', `/api/organisations/${orgId}/events/${eventId}/publish`), 'publish event');
  const opensAt = new Date(Date.now() + 2_000);
  const fields = {
    ...shopFields(),
    name: 'Isolation box office',
    opensAt,
    closesAt: new Date(opensAt.getTime() + 86_400_000),
    reservationMinutes: 60,
  };
  const { shop } = await shops.createShop({ organisationId: orgId, fields }, actor(userId));
  const { item } = await shops.createShopItem(
    { organisationId: orgId, shopId: shop!.id, fields: itemFields(ticketOptionId) },
    actor(userId),
  );
  await shops.publishShop({ organisationId: orgId, shopId: shop!.id }, actor(userId));
  const email = testAddress('isolation-guest');
  const checkout = () => {
    const body = {
      items: [{ itemId: item!.id, quantity: 1 }],
      email,
      subscribe: false,
      discountCode: '',
      donationMinor: 0,
      idempotencyKey: newKey(),
      locale: 'en',
    };
    return eventually('the shop to take orders', async () => {
      const answer = await guest.call('POST', `/api/shops/${shop!.id}/checkout`, body);
      if (answer.status === 201 || answer.status === 200)
        return answer.body as { orderId: string; accessKey: string; status: string; redirectUrl: string };
      // Not open yet, or ordering has not learnt of the shop yet.
      if (answer.status === 404 || answer.status === 409 || JSON.stringify(answer.body).includes('not on sale yet'))
        return undefined;
      throw new Error(`checkout answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    });
  };
  const demoPaymentId = (redirectUrl: string) => {
    const id = /\/payments\/demo\/(pay_[0-9A-Za-z]+)/.exec(redirectUrl)?.[1];
    if (!id) throw new Error(`not a demo payment page: ${redirectUrl}`);
    return id;
  };
  const orderReaches = (placed: { orderId: string; accessKey: string }, wanted: string) =>
    eventually(`order ${placed.orderId} ${wanted}`, async () => {
      const { order } = expectOk(
        await guest.call('GET', `/api/orders/${placed.orderId}?key=${placed.accessKey}`),
        'guest order',
      ) as { order: { status: string } };
      return order.status === wanted ? true : undefined;
    });
  const paid = await checkout();
  const held = await checkout();
  const paidPaymentId = demoPaymentId(paid.redirectUrl);
  expectOk(
    await guest.call('POST', `/api/payments/${paidPaymentId}/demo?key=${paid.accessKey}`, {
      action: 'pay',
      locale: 'en',
    }),
    'demo pay',
  );
  await orderReaches(paid, 'paid');
  await orderReaches(held, 'pending');
  return {
    guestEmail: email,
    saleShopId: shop!.id,
    saleItemId: item!.id,
    paidOrderId: paid.orderId,
    paidPaymentId,
    heldOrderId: held.orderId,
    heldPaymentId: demoPaymentId(held.redirectUrl),
    paidOrderKey: accessKey(paid.accessKey, 'the paid order'),
    heldOrderKey: accessKey(held.accessKey, 'the held order'),
  };
}

const shopFields = () => ({
  name: 'Isolation shop',
  description: '',
  opensAt: new Date('2031-04-01T00:00:00Z'),
  closesAt: new Date('2031-05-01T00:00:00Z'),
  translations: [],
  currency: 'EUR',
  password: undefined,
  donation: { enabled: false, suggestedAmountsMinor: [], allowCustomAmount: false },
  reservationMinutes: 0,
});
const itemFields = (ticketOptionId: string, extraEventIds: string[] = []) => ({
  ticketOptionId,
  extraEventIds,
  name: '',
  priceMinor: 1_000,
  saleStart: undefined,
  saleEnd: undefined,
  maxPerOrder: undefined,
  position: 0,
});
const codeFields = (itemIds: string[]) => ({
  code: `ISO${Math.floor(Math.random() * 1e6)}`,
  type: 'percentage',
  value: 10,
  validFrom: undefined,
  validUntil: undefined,
  maxUses: undefined,
  itemIds,
});

const callerKey = callerKeyFromRoot(stack.env.KASSA_CALLER_KEY!);
const organisations = createGrpcClient(OrganisationServiceClient, stack.identityGrpc!, {
  callerKey,
  deadlineMs: 5_000,
});
const catalog = createGrpcClient(EventServiceClient, stack.catalogGrpc!, { callerKey, deadlineMs: 5_000 });
const shops = createGrpcClient(ShopServiceClient, stack.catalogGrpc!, { callerKey, deadlineMs: 5_000 });
const orders = createGrpcClient(OrderServiceClient, stack.orderingGrpc!, { callerKey, deadlineMs: 5_000 });
const payments = createGrpcClient(PaymentServiceClient, stack.paymentsGrpc!, { callerKey, deadlineMs: 5_000 });
const ticketing = createGrpcClient(TicketServiceClient, stack.ticketingGrpc!, { callerKey, deadlineMs: 5_000 });
const scanning = createGrpcClient(ScanServiceClient, stack.ticketingGrpc!, { callerKey, deadlineMs: 10_000 });
const notifications = createGrpcClient(NotificationsServiceClient, stack.notificationsGrpc!, {
  callerKey,
  deadlineMs: 5_000,
});
const actor = (userId: string) => ({ actorUserId: userId });

// What background work may change while a case runs: a session's last use (every request), expired sign-in state
// purged by identity's job, and the relay marking earlier outbox rows published (so the outbox counts by id only).
const IGNORED_TABLES = ['sessions', 'sign_in_challenges', 'oidc_login_states', 'mikro_orm_migrations'];
const ROW_TEXT: Record<string, string> = {
  outbox: "t.id || t.subject || encode(t.payload, 'hex')",
  inbox: 't.consumer || t.message_id',
};
// ordering's and payments' rows are fingerprinted only where they name one of the two organisations' ids (any
// column; an outbox row by its payload). Orders of the other test files on this shared stack expire, and payments
// closes their attempts, while this file runs, by themselves; every write a leak could make names the order, shop,
// payment or organisation it reached, so it is still seen. Their inbox rows name only message ids, which is why
// they drop out: consumers write them for those other files' events (the effects they guard are fingerprinted).
// ticketing's and notifications' rows likewise: other files' orders are voided and their mail goes out meanwhile.
// A ticket_access row names its event, a scan_attempt row its event and scope (link or member), a message its
// organisation and order, a message's status change (below) its message.
const TENANT_SCOPED_SERVICES = ['ordering', 'payments', 'ticketing', 'notifications'];
const SCOPE_TEXT: Record<string, string> = {
  outbox: "t.subject || encode(t.payload, 'escape')",
  email_status_change:
    "(select coalesce(m.organisation_id, '') || m.subject_ref from email_message m where m.id = t.message_id)",
};
// When a case scans at A's own door (ScanAllowance), the nonce row it stores and its link's "last used" are compared
// by expectAnsweredWithinScope instead; the link's check-ins stay in the fingerprint. A link's use is kept in one row
// per connection slot (scan_link_use), so a rejected scan may add a row with no check-in: such rows count as nothing
// (string_agg skips nulls), while a check-in in any slot changes the digest.
const SCAN_ROW_TEXT: Record<string, string> = {
  scan_link_use: "case when t.check_ins > 0 then t.link_id || ':' || t.slot || ':' || t.check_ins end",
};

/** The ids the scoped services' rows are picked by: every id of A and B (never their secrets). */
const tenantIds = () =>
  [a, b].flatMap((tenant) => Object.values(tenant).filter((value): value is string => typeof value === 'string'));

/**
 * Every row of every table of identity and catalog, and of ordering, payments, ticketing and notifications the rows
 * of A and B, as one digest per table. `scanning`: leave out scan_attempt and the links' last use (see above).
 */
async function fingerprint(options: { scanning?: boolean } = {}): Promise<string> {
  const parts: string[] = [];
  const ids = tenantIds();
  for (const { service, client } of databases) {
    const { rows: tables } = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and not (table_name = any($1)) order by 1",
      [IGNORED_TABLES],
    );
    const scoped = TENANT_SCOPED_SERVICES.includes(service);
    for (const { name } of tables) {
      if (options.scanning && service === 'ticketing' && name === 'scan_attempt') continue;
      const row =
        (options.scanning && service === 'ticketing' ? SCAN_ROW_TEXT[name] : undefined) ?? ROW_TEXT[name] ?? 't::text';
      const where = scoped
        ? `where exists (select 1 from unnest($1::text[]) id where strpos(${SCOPE_TEXT[name] ?? 't::text'}, id) > 0)`
        : '';
      const { rows } = await client.query<{ digest: string | null }>(
        `select md5(string_agg(${row}, '|' order by ${row})) as digest from "${name}" t ${where}`,
        scoped ? [ids] : [],
      );
      parts.push(`${service}.${name}:${rows[0]!.digest ?? '-'}`);
    }
  }
  return parts.join('\n');
}

const ticketingDatabase = () => databases.find(({ service }) => service === 'ticketing')!.client;

interface ScanAttemptRow {
  nonce: string;
  scope: string;
  event_id: string;
  result: string;
  text: string;
}

/** A's and B's scan_attempt rows (the nonces scans stored with their answers). */
async function scanAttempts(): Promise<Map<string, ScanAttemptRow>> {
  const { rows } = await ticketingDatabase().query<ScanAttemptRow>(
    'select nonce, scope, event_id, result, t::text as text from scan_attempt t where exists (select 1 from unnest($1::text[]) id where strpos(t::text, id) > 0)',
    [tenantIds()],
  );
  return new Map(rows.map((row) => [row.nonce, row]));
}

/**
 * What a scan at A's own door (or at another door of B's) may leave behind, and nothing more: the nonce row of each
 * scan it sent, stored in that scanner's scope (its link, or the member) and event, with a refusing result, never
 * "valid"; and the link's "last used". Tickets, their access (check-in) rows, check_in, scan_conflict, the link's
 * check-in count and the outbox stay in the fingerprint and must not change.
 */
interface ScanAllowance {
  scope: string;
  eventId: string;
  nonces: string[];
  results: string[];
}

/**
 * Waits until the databases stop changing: the last consumers of the set-up's events (catalog's projection in ordering,
 * the payment saga) are done.
 */
async function settled(): Promise<void> {
  let previous = await fingerprint();
  for (let round = 0; round < 60; round += 1) {
    await sleep(1_000);
    const next = await fingerprint();
    if (next === previous) return;
    previous = next;
  }
  throw new Error('the databases kept changing after the set-up');
}

beforeAll(async () => {
  for (const name of stack.databases) {
    const service = /_(identity|catalog|ordering|payments|ticketing|notifications)$/.exec(name)?.[1];
    if (!service) continue;
    const client = new Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${name}` });
    await client.connect();
    databases.push({ service, client });
  }
  expect(databases.map(({ service }) => service).sort()).toEqual([
    'catalog',
    'identity',
    'notifications',
    'ordering',
    'payments',
    'ticketing',
  ]);
  ownerA = await signUpViaApi(stack.bffUrl, stack.mailInboxUrl, testAddress('owner-a'), 'Owner A');
  ownerB = await signUpViaApi(stack.bffUrl, stack.mailInboxUrl, testAddress('owner-b'), 'Owner B');
  a = await createTenant(ownerA, 'Tenant A');
  b = await createTenant(ownerB, 'Tenant B');

  // Colleagues in A, each invited by e-mail and accepted through the link: one who may only scan tickets (the
  // "Scanner" preset), one who may only view orders, one who may only edit events, one who may only see payments.
  scannerA = await colleague('scanner-a', 'Sam Scanner', ['checkin']);
  viewerA = await colleague('viewer-a', 'Vic Viewer', ['orders.view']);
  plannerA = await colleague('planner-a', 'Pia Planner', ['events']);
  treasurerA = await colleague('treasurer-a', 'Tom Treasurer', ['payments']);
  await settled();
}, 480_000);

async function colleague(label: string, name: string, permissions: string[]): Promise<SignedInAccount> {
  const email = testAddress(label);
  const [firstName, lastName] = name.split(' ');
  expectOk(
    await ownerA.api.call('POST', `/api/organisations/${a.orgId}/members`, { email, firstName, lastName, permissions }),
    `invite ${label}`,
  );
  const [invitation] = await waitForMessagesTo(stack.mailInboxUrl, email);
  const token = /account\/invitations\/([A-Za-z0-9_-]{20,})/.exec(invitation!.text)?.[1];
  if (!token) throw new Error('no invitation link in the e-mail');
  const account = await signUpViaApi(stack.bffUrl, stack.mailInboxUrl, email, name);
  expectOk(await account.api.call('POST', `/api/invitations/${token}/accept`), `accept invitation of ${label}`);
  return account;
}

afterAll(async () => {
  await Promise.all(databases.map(({ client }) => client.end()));
});

/** A case's ids: ours, theirs, and fresh scan nonces (a scan case's allowance names exactly these). */
type Ids = { own: Tenant; foreign: Tenant; nonces: string[] };
const newNonce = () => `isolation-${randomBytes(8).toString('hex')}`;
const freshIds = (): Ids => ({ own: a, foreign: b, nonces: [newNonce(), newNonce()] });
/** The scanning phone: "dev_" and random, made by the browser. */
const DEVICE_ID = `dev_isolation${randomBytes(4).toString('hex')}`;
const syncBody = (nonces: string[], codes: string[]) => ({
  deviceId: DEVICE_ID,
  scans: codes.map((code, index) => ({
    nonce: nonces[index]!,
    code,
    scannedAt: new Date(Date.now() - 60_000).toISOString(),
  })),
});

/**
 * What of B an answer holds: B's guest, order number, ticket (id, reference in both spellings, code), signing key,
 * scan-link secrets and confirmation e-mail. What the request itself sent (a searched address, a scanned code) does
 * not count: a page may show the search words back.
 */
function revealed(answer: unknown, sent: string): string[] {
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer ?? '');
  const theirs = [
    ...Object.values(b.secrets),
    b.secrets.ticketReference.replace('-', ''),
    b.paidTicketId,
    b.heldTicketId,
    b.confirmationMessageId,
  ];
  return theirs.filter((value) => !sent.includes(value) && text.includes(value));
}

interface HttpCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
}

// Organiser routes with another organisation's ids: its organisation in the path, or ours with its resource ids.
const crossTenantRoutes: Record<string, HttpCase> = {
  'page: organisation overview': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}` },
  'page: events': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/events?q=Isolation&status=draft` },
  'page: event (their organisation)': {
    method: 'GET',
    path: ({ foreign }) => `/o/${foreign.orgId}/events/${foreign.eventId}`,
  },
  'page: event (our organisation, their event)': {
    method: 'GET',
    path: ({ own, foreign }) => `/o/${own.orgId}/events/${foreign.eventId}`,
  },
  'page: event tab in the query (our organisation, their event)': {
    method: 'GET',
    path: ({ own, foreign }) => `/o/${own.orgId}/events/${foreign.eventId}?tab=history`,
  },
  'page: event settings (our organisation, their event)': {
    method: 'GET',
    path: ({ own, foreign }) => `/o/${own.orgId}/events/${foreign.eventId}/settings`,
  },
  'page: event scan (our organisation, their event)': {
    method: 'GET',
    path: ({ own, foreign }) => `/o/${own.orgId}/events/${foreign.eventId}/scan`,
  },
  'page: settings': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/settings` },
  'page: members': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/settings/members?q=Owner` },
  'page: shops': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/shops` },
  'page: orders': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/orders` },
  'page: payments': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/payments` },
  'update organisation': {
    method: 'PATCH',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}`,
    body: () => ({ name: 'Taken over', description: '', currency: 'EUR', defaultLocale: 'en' }),
  },
  'invite member': {
    method: 'POST',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/members`,
    body: () => ({ email: testAddress('intruder'), firstName: 'I', lastName: 'N', permissions: ['owner'] }),
  },
  'update member (their organisation)': {
    method: 'PATCH',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/members/${foreign.ownerMemberId}`,
    body: () => ({ firstName: 'X', lastName: 'Y', permissions: ['checkin'] }),
  },
  'update member (our organisation, their member)': {
    method: 'PATCH',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/members/${foreign.ownerMemberId}`,
    body: () => ({ firstName: 'X', lastName: 'Y', permissions: ['checkin'] }),
  },
  'remove member (their organisation)': {
    method: 'DELETE',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/members/${foreign.ownerMemberId}`,
  },
  'remove member (our organisation, their member)': {
    method: 'DELETE',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/members/${foreign.ownerMemberId}`,
  },
  'revoke invitation (their organisation)': {
    method: 'DELETE',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/invitations/${foreign.invitationId}`,
  },
  'revoke invitation (our organisation, their invitation)': {
    method: 'DELETE',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/invitations/${foreign.invitationId}`,
  },
  'create event': {
    method: 'POST',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/events`,
    body: () => EVENT,
  },
  'update event (their organisation)': {
    method: 'PUT',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/events/${foreign.eventId}`,
    body: () => EVENT,
  },
  'update event (our organisation, their event)': {
    method: 'PUT',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${foreign.eventId}`,
    body: () => EVENT,
  },
  'publish event (their organisation)': {
    method: 'POST',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/events/${foreign.eventId}/publish`,
  },
  'publish event (our organisation, their event)': {
    method: 'POST',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${foreign.eventId}/publish`,
  },
  'convert event to draft (our organisation, their event)': {
    method: 'POST',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${foreign.eventId}/convert-to-draft`,
  },
  'delete event (their organisation)': {
    method: 'DELETE',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/events/${foreign.eventId}`,
  },
  'delete event (our organisation, their event)': {
    method: 'DELETE',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${foreign.eventId}`,
  },
  'create ticket option (their organisation)': {
    method: 'POST',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/events/${foreign.eventId}/ticket-options`,
    body: () => TICKET_OPTION,
  },
  'create ticket option (our organisation, their event)': {
    method: 'POST',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${foreign.eventId}/ticket-options`,
    body: () => TICKET_OPTION,
  },
  'update ticket option (their organisation)': {
    method: 'PUT',
    path: ({ foreign }) =>
      `/api/organisations/${foreign.orgId}/events/${foreign.eventId}/ticket-options/${foreign.ticketOptionId}`,
    body: () => TICKET_OPTION,
  },
  'update ticket option (our organisation and event, their option)': {
    method: 'PUT',
    path: ({ own, foreign }) =>
      `/api/organisations/${own.orgId}/events/${own.eventId}/ticket-options/${foreign.ticketOptionId}`,
    body: () => TICKET_OPTION,
  },
  'update ticket option (our organisation, their event and option)': {
    method: 'PUT',
    path: ({ own, foreign }) =>
      `/api/organisations/${own.orgId}/events/${foreign.eventId}/ticket-options/${foreign.ticketOptionId}`,
    body: () => TICKET_OPTION,
  },
  'delete ticket option (their organisation)': {
    method: 'DELETE',
    path: ({ foreign }) =>
      `/api/organisations/${foreign.orgId}/events/${foreign.eventId}/ticket-options/${foreign.ticketOptionId}`,
  },
  'delete ticket option (our organisation and event, their option)': {
    method: 'DELETE',
    path: ({ own, foreign }) =>
      `/api/organisations/${own.orgId}/events/${own.eventId}/ticket-options/${foreign.ticketOptionId}`,
  },
  'delete ticket option (our organisation, their event and option)': {
    method: 'DELETE',
    path: ({ own, foreign }) =>
      `/api/organisations/${own.orgId}/events/${foreign.eventId}/ticket-options/${foreign.ticketOptionId}`,
  },
  'page: shops list': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/shops?q=Isolation` },
  'page: shop (their organisation)': {
    method: 'GET',
    path: ({ foreign }) => `/o/${foreign.orgId}/shops/${foreign.shopId}`,
  },
  'page: shop (our organisation, their shop)': {
    method: 'GET',
    path: ({ own, foreign }) => `/o/${own.orgId}/shops/${foreign.shopId}?tab=items`,
  },
  'page: shop settings (our organisation, their shop)': {
    method: 'GET',
    path: ({ own, foreign }) => `/o/${own.orgId}/shops/${foreign.shopId}/settings`,
  },
  'page: shop dashboard': { method: 'GET', path: ({ foreign }) => `/s/${foreign.shopId}/dashboard` },
  'page: shop orders': { method: 'GET', path: ({ foreign }) => `/s/${foreign.shopId}/orders` },
  'page: shop tickets': { method: 'GET', path: ({ foreign }) => `/s/${foreign.shopId}/tickets` },
  'page: shop settings': { method: 'GET', path: ({ foreign }) => `/s/${foreign.shopId}/settings` },
  'create shop': {
    method: 'POST',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/shops`,
    body: () => ({}),
  },
  'update shop (their organisation)': {
    method: 'PUT',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/shops/${foreign.shopId}`,
    body: () => ({}),
  },
  'update shop (our organisation, their shop)': {
    method: 'PUT',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/shops/${foreign.shopId}`,
    body: () => SHOP,
  },
  'delete shop (our organisation, their shop)': {
    method: 'DELETE',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/shops/${foreign.shopId}`,
  },
  'publish shop (our organisation, their shop)': {
    method: 'POST',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/shops/${foreign.shopId}/publish`,
  },
  'convert shop to draft (their organisation)': {
    method: 'POST',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/shops/${foreign.shopId}/convert-to-draft`,
  },
  'create shop item (our organisation, their shop)': {
    method: 'POST',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/shops/${foreign.shopId}/items`,
    body: ({ own }) => shopItem(own.ticketOptionId),
  },
  'create shop item (our shop, their ticket option in the body)': {
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/items`,
    body: ({ foreign }) => shopItem(foreign.ticketOptionId),
  },
  'update shop item (our shop, their item)': {
    method: 'PUT',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/items/${foreign.itemId}`,
    body: ({ own }) => shopItem(own.ticketOptionId),
  },
  'delete shop item (our shop, their item)': {
    method: 'DELETE',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/items/${foreign.itemId}`,
  },
  'delete shop item (their organisation)': {
    method: 'DELETE',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/shops/${foreign.shopId}/items/${foreign.itemId}`,
  },
  'create discount code (their organisation)': {
    method: 'POST',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/shops/${foreign.shopId}/discount-codes`,
    body: () => ({}),
  },
  'update discount code (our shop, their code)': {
    method: 'PUT',
    path: ({ own, foreign }) =>
      `/api/organisations/${own.orgId}/shops/${own.shopId}/discount-codes/${foreign.discountCodeId}`,
    body: () => DISCOUNT_CODE,
  },
  'create discount code (our shop, their item in the body)': {
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/discount-codes`,
    body: ({ foreign }) => ({ ...DISCOUNT_CODE, itemIds: [foreign.itemId] }),
  },
  'delete discount code (our shop, their code)': {
    method: 'DELETE',
    path: ({ own, foreign }) =>
      `/api/organisations/${own.orgId}/shops/${own.shopId}/discount-codes/${foreign.discountCodeId}`,
  },
  'page: orders (their organisation, their shop and status in the query)': {
    method: 'GET',
    path: ({ foreign }) => `/o/${foreign.orgId}/orders?shop=${foreign.saleShopId}&status=paid`,
  },
  'page: order (their organisation)': {
    method: 'GET',
    path: ({ foreign }) => `/o/${foreign.orgId}/orders/${foreign.paidOrderId}`,
  },
  'page: order (our organisation, their order)': {
    method: 'GET',
    path: ({ own, foreign }) => `/o/${own.orgId}/orders/${foreign.paidOrderId}`,
  },
  'page: shop orders (their open shop)': { method: 'GET', path: ({ foreign }) => `/s/${foreign.saleShopId}/orders` },
  'page: payments (their organisation, status in the query)': {
    method: 'GET',
    path: ({ foreign }) => `/o/${foreign.orgId}/payments?status=paid`,
  },
  'page: payments settings': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/settings/payments` },
  'cancel order (their organisation)': {
    method: 'POST',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/orders/${foreign.heldOrderId}/cancel`,
  },
  'cancel order (our organisation, their order)': {
    method: 'POST',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/orders/${foreign.heldOrderId}/cancel`,
  },
  'refund order (their organisation)': {
    method: 'POST',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/orders/${foreign.paidOrderId}/refund`,
    body: () => ({ full: true, idempotencyKey: newKey() }),
  },
  'refund order in full (our organisation, their order)': {
    method: 'POST',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/orders/${foreign.paidOrderId}/refund`,
    body: () => ({ full: true, idempotencyKey: newKey() }),
  },
  'refund order in part (our organisation, their order)': {
    method: 'POST',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/orders/${foreign.paidOrderId}/refund`,
    body: () => ({ full: false, amountMinor: 100, idempotencyKey: newKey() }),
  },
  // Step 6: tickets, attendees, the confirmation e-mail and the scanner. B's code, reference and guest travel in the
  // bodies and queries too, so that a route which looked them up anywhere but in the organisation asked about would show.
  'page: scan tickets (their organisation)': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/scan` },
  'page: event scan (their organisation)': {
    method: 'GET',
    path: ({ foreign }) => `/o/${foreign.orgId}/events/${foreign.eventId}/scan`,
  },
  'page: event attendees (their organisation)': {
    method: 'GET',
    path: ({ foreign }) => `/o/${foreign.orgId}/events/${foreign.eventId}?tab=attendees`,
  },
  'page: event attendees (our organisation, their event, their guest searched)': {
    method: 'GET',
    path: ({ own, foreign }) =>
      `/o/${own.orgId}/events/${foreign.eventId}?tab=attendees&q=${encodeURIComponent(foreign.secrets.guestEmail)}`,
  },
  'orders CSV (their organisation)': {
    method: 'GET',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/orders.csv`,
  },
  'payments CSV (their organisation)': {
    method: 'GET',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/payments.csv`,
  },
  'mailing opt-ins CSV (their organisation)': {
    method: 'GET',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/opt-ins.csv`,
  },
  'attendees CSV (their organisation)': {
    method: 'GET',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/events/${foreign.eventId}/attendees.csv`,
  },
  'attendees CSV (our organisation, their event)': {
    method: 'GET',
    path: ({ own, foreign }) =>
      `/api/organisations/${own.orgId}/events/${foreign.eventId}/attendees.csv?status=created`,
  },
  'resend confirmation (their organisation)': {
    method: 'POST',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/orders/${foreign.paidOrderId}/resend-confirmation`,
    body: () => ({ idempotencyKey: newKey() }),
  },
  'resend confirmation (our organisation, their order)': {
    method: 'POST',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/orders/${foreign.paidOrderId}/resend-confirmation`,
    body: () => ({ idempotencyKey: newKey() }),
  },
  'scan links (their organisation)': {
    method: 'GET',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/events/${foreign.eventId}/scan-links`,
  },
  'scan links (our organisation, their event)': {
    method: 'GET',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${foreign.eventId}/scan-links`,
  },
  'create scan link (their organisation)': {
    method: 'POST',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/events/${foreign.eventId}/scan-links`,
    body: () => ({ name: 'Intruder door' }),
  },
  'create scan link (our organisation, their event)': {
    method: 'POST',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${foreign.eventId}/scan-links`,
    body: () => ({ name: 'Intruder door' }),
  },
  'revoke scan link (their organisation)': {
    method: 'POST',
    path: ({ foreign }) =>
      `/api/organisations/${foreign.orgId}/events/${foreign.eventId}/scan-links/${foreign.scanLinkId}/revoke`,
  },
  'revoke scan link (our organisation and event, their link)': {
    method: 'POST',
    path: ({ own, foreign }) =>
      `/api/organisations/${own.orgId}/events/${own.eventId}/scan-links/${foreign.scanLinkId}/revoke`,
  },
  'revoke scan link (our organisation, their event and link)': {
    method: 'POST',
    path: ({ own, foreign }) =>
      `/api/organisations/${own.orgId}/events/${foreign.eventId}/scan-links/${foreign.scanLinkId}/revoke`,
  },
  'member scanner: open (their organisation)': {
    method: 'GET',
    path: ({ foreign }) =>
      `/api/organisations/${foreign.orgId}/events/${foreign.eventId}/scan?deviceId=${DEVICE_ID}&locale=en`,
  },
  'member scanner: open (our organisation, their event)': {
    method: 'GET',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${foreign.eventId}/scan?deviceId=${DEVICE_ID}`,
  },
  'member scanner: scan their code (their organisation)': {
    method: 'POST',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/events/${foreign.eventId}/scan`,
    body: ({ foreign, nonces }) => ({ code: foreign.secrets.ticketCode, nonce: nonces[0], deviceId: DEVICE_ID }),
  },
  'member scanner: scan their code (our organisation, their event)': {
    method: 'POST',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${foreign.eventId}/scan`,
    body: ({ foreign, nonces }) => ({ code: foreign.secrets.ticketCode, nonce: nonces[0], deviceId: DEVICE_ID }),
  },
  'member scanner: scan their reference (our organisation, their event)': {
    method: 'POST',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${foreign.eventId}/scan`,
    body: ({ foreign, nonces }) => ({ code: foreign.secrets.ticketReference, nonce: nonces[0], deviceId: DEVICE_ID }),
  },
  'member scanner: offline kit (their organisation)': {
    method: 'GET',
    path: ({ foreign }) =>
      `/api/organisations/${foreign.orgId}/events/${foreign.eventId}/scan/offline-kit?deviceId=${DEVICE_ID}`,
  },
  'member scanner: offline kit (our organisation, their event)': {
    method: 'GET',
    path: ({ own, foreign }) =>
      `/api/organisations/${own.orgId}/events/${foreign.eventId}/scan/offline-kit?deviceId=${DEVICE_ID}`,
  },
  'member scanner: sync their code (their organisation)': {
    method: 'POST',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/events/${foreign.eventId}/scan/sync`,
    body: ({ foreign, nonces }) => syncBody(nonces, [foreign.secrets.ticketCode]),
  },
  'member scanner: sync their code (our organisation, their event)': {
    method: 'POST',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${foreign.eventId}/scan/sync`,
    body: ({ foreign, nonces }) => syncBody(nonces, [foreign.secrets.ticketCode]),
  },
  'scan conflicts (their organisation)': {
    method: 'GET',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/events/${foreign.eventId}/scan/conflicts`,
  },
  'scan conflicts (our organisation, their event)': {
    method: 'GET',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${foreign.eventId}/scan/conflicts`,
  },
};

// Routes a member of A who may only scan must not use in A itself (they may read, not change).
const withoutPermissionRoutes: Record<string, HttpCase> = {
  'update organisation': {
    method: 'PATCH',
    path: ({ own }) => `/api/organisations/${own.orgId}`,
    body: () => ({ name: 'Renamed', description: '', currency: 'EUR', defaultLocale: 'en' }),
  },
  'invite member': {
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/members`,
    body: () => ({ email: testAddress('friend'), firstName: 'F', lastName: 'R', permissions: ['owner'] }),
  },
  'update member': {
    method: 'PATCH',
    path: ({ own }) => `/api/organisations/${own.orgId}/members/${own.ownerMemberId}`,
    body: () => ({ firstName: 'X', lastName: 'Y', permissions: ['checkin'] }),
  },
  'remove member': {
    method: 'DELETE',
    path: ({ own }) => `/api/organisations/${own.orgId}/members/${own.ownerMemberId}`,
  },
  'revoke invitation': {
    method: 'DELETE',
    path: ({ own }) => `/api/organisations/${own.orgId}/invitations/${own.invitationId}`,
  },
  'create event': { method: 'POST', path: ({ own }) => `/api/organisations/${own.orgId}/events`, body: () => EVENT },
  'update event': {
    method: 'PUT',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}`,
    body: () => EVENT,
  },
  'publish event': {
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/publish`,
  },
  'convert event to draft': {
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/convert-to-draft`,
  },
  'delete event': { method: 'DELETE', path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}` },
  'create ticket option': {
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/ticket-options`,
    body: () => TICKET_OPTION,
  },
  'update ticket option': {
    method: 'PUT',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/ticket-options/${own.ticketOptionId}`,
    body: () => TICKET_OPTION,
  },
  'delete ticket option': {
    method: 'DELETE',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/ticket-options/${own.ticketOptionId}`,
  },
  'create shop': { method: 'POST', path: ({ own }) => `/api/organisations/${own.orgId}/shops`, body: () => ({}) },
  'update shop': {
    method: 'PUT',
    path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}`,
    body: () => ({}),
  },
  'delete shop': { method: 'DELETE', path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}` },
  'publish shop': { method: 'POST', path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/publish` },
  'convert shop to draft': {
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/convert-to-draft`,
  },
  'create shop item': {
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/items`,
    body: () => ({}),
  },
  'update shop item': {
    method: 'PUT',
    path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/items/${own.itemId}`,
    body: () => ({}),
  },
  'delete shop item': {
    method: 'DELETE',
    path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/items/${own.itemId}`,
  },
  'create discount code': {
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/discount-codes`,
    body: () => ({}),
  },
  'update discount code': {
    method: 'PUT',
    path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/discount-codes/${own.discountCodeId}`,
    body: () => ({}),
  },
  'delete discount code': {
    method: 'DELETE',
    path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/discount-codes/${own.discountCodeId}`,
  },
  'page: shop dashboard (shop-auth)': { method: 'GET', path: ({ own }) => `/s/${own.shopId}/dashboard` },
  'page: organiser shops': { method: 'GET', path: ({ own }) => `/o/${own.orgId}/shops` },
  // Settings pages are readable by every member (shown read-only), so they are not in this table; members is not.
  'page: members': { method: 'GET', path: ({ own }) => `/o/${own.orgId}/settings/members` },
  'page: payments settings': { method: 'GET', path: ({ own }) => `/o/${own.orgId}/settings/payments` },
  // Orders and payments: a scanner holds neither "orders.view", "orders.manage" nor "payments" (nor "shops").
  'page: orders': { method: 'GET', path: ({ own }) => `/o/${own.orgId}/orders` },
  'page: order': { method: 'GET', path: ({ own }) => `/o/${own.orgId}/orders/${own.paidOrderId}` },
  'page: shop orders': { method: 'GET', path: ({ own }) => `/s/${own.saleShopId}/orders` },
  'page: payments': { method: 'GET', path: ({ own }) => `/o/${own.orgId}/payments` },
  'cancel order': {
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/orders/${own.heldOrderId}/cancel`,
  },
  'refund order in full': {
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/orders/${own.paidOrderId}/refund`,
    body: () => ({ full: true, idempotencyKey: newKey() }),
  },
  'refund order in part': {
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/orders/${own.paidOrderId}/refund`,
    body: () => ({ full: false, amountMinor: 100, idempotencyKey: newKey() }),
  },
};

async function expectRefusedAndUnchanged(api: ApiSession, route: HttpCase, allowed: number[]) {
  const before = await fingerprint();
  const ids = freshIds();
  const path = route.path(ids);
  const body = route.body?.(ids);
  const response = await api.call(route.method, path, body);
  const outcome = {
    status: response.status,
    refused: allowed.includes(response.status),
    revealed: revealed(response.body, path + JSON.stringify(body ?? '')),
  };
  expect(outcome).toEqual({ status: response.status, refused: true, revealed: [] });
  expect(await fingerprint()).toBe(before);
}

it("the fingerprint sees ordering's, payments', ticketing's and notifications' rows of both organisations", async () => {
  const digests = new Map((await fingerprint()).split('\n').map((line) => line.split(':') as [string, string]));
  const guarded = [
    'ordering.orders',
    'ordering.order_line',
    'ordering.order_history',
    'ordering.order_payment',
    'ordering.shop',
    'ordering.quota_bucket',
    'ordering.outbox',
    'payments.payment_attempt',
    'payments.outbox',
    'ticketing.ticket',
    'ticketing.ticket_access',
    'ticketing.event_ticket_count',
    'ticketing.order_state',
    'ticketing.event',
    'ticketing.signing_key',
    'ticketing.scan_link',
    'ticketing.outbox',
    'notifications.email_message',
    'notifications.email_status_change',
    'notifications.order_confirmation',
  ];
  expect(guarded.filter((table) => (digests.get(table) ?? '-') === '-')).toEqual([]);
  // Tables that start empty are in it too: a first check-in, conflict or scan nonce of A or B changes their digest.
  expect(
    ['ticketing.check_in', 'ticketing.scan_conflict', 'ticketing.scan_attempt', 'ticketing.scan_link_use'].filter(
      (table) => !digests.has(table),
    ),
  ).toEqual([]);
});

describe("a member of organisation A using organisation B's ids", () => {
  it.each(Object.entries(crossTenantRoutes))('%s → 404 (or 403), nothing changes', async (_name, route) => {
    await expectRefusedAndUnchanged(ownerA.api, route, [403, 404]);
  });
});

describe("a member of organisation A resending B's held order's confirmation", () => {
  // B's held order has no tickets yet: notifications knows no confirmation of it, which it answers as for any order
  // it never heard of (409 "no tickets yet"), before it could tell whose it is. Nothing of B either way.
  it.each([
    [
      'HTTP (our organisation, their held order)',
      () =>
        ownerA.api.call('POST', `/api/organisations/${a.orgId}/orders/${b.heldOrderId}/resend-confirmation`, {
          idempotencyKey: newKey(),
        }),
    ],
    [
      'HTTP (their organisation, their held order)',
      () =>
        ownerA.api.call('POST', `/api/organisations/${b.orgId}/orders/${b.heldOrderId}/resend-confirmation`, {
          idempotencyKey: newKey(),
        }),
    ],
  ])('%s → 404 or 409, nothing changes', async (_name, call) => {
    const before = await fingerprint();
    const response = await call();
    expect({ refused: [404, 409].includes(response.status), revealed: revealed(response.body, '') }).toEqual({
      refused: true,
      revealed: [],
    });
    expect(await fingerprint()).toBe(before);
  });
});

describe('a member of organisation A without the permission', () => {
  it.each(Object.entries(withoutPermissionRoutes))('%s → 403, nothing changes', async (_name, route) => {
    await expectRefusedAndUnchanged(scannerA.api, route, [403]);
  });
});

// ---- the services themselves, called directly as the BFF would (they must not rely on the BFF having checked) ----

type GrpcCall = (ids: Ids, metadata: { actorUserId: string }) => Promise<unknown>;

const event = { ...EVENT, startsAt: new Date(EVENT.startsAt), endsAt: new Date(EVENT.endsAt), ticketLimit: undefined };
const option = { ...TICKET_OPTION };
const member = { firstName: 'X', lastName: 'Y', permissions: ['checkin'] };
const memberAt = (organisationId: string, eventId: string) => ({ linkSecret: '', organisationId, eventId });
const linkOf = (linkSecret: string) => ({ linkSecret, organisationId: '', eventId: '' });
const offlineScans = (nonces: string[], codes: string[]) => {
  const { deviceId, scans } = syncBody(nonces, codes);
  return { deviceId, scans: scans.map((scan) => ({ ...scan, scannedAt: new Date(scan.scannedAt) })) };
};
const fullRefund = () => ({ full: true, amountMinor: 0, idempotencyKey: newKey() });
const partRefund = () => ({ full: false, amountMinor: 100, idempotencyKey: newKey() });

const crossTenantCalls: Record<string, GrpcCall> = {
  'identity GetOrganisation': ({ foreign }, m) => organisations.getOrganisation({ organisationId: foreign.orgId }, m),
  'identity UpdateOrganisation': ({ foreign }, m) =>
    organisations.updateOrganisation(
      {
        organisationId: foreign.orgId,
        name: 'Taken',
        description: '',
        currency: 'EUR',
        defaultLocale: 'en',
        timeZone: '',
      },
      m,
    ),
  'identity ListMembers': ({ foreign }, m) =>
    organisations.listMembers({ organisationId: foreign.orgId, query: '', page: undefined }, m),
  'identity InviteMember': ({ foreign }, m) =>
    organisations.inviteMember(
      {
        organisationId: foreign.orgId,
        email: testAddress('intruder'),
        firstName: '',
        lastName: '',
        permissions: ['owner'],
        locale: 'en',
      },
      m,
    ),
  'identity RevokeInvitation (their organisation)': ({ foreign }, m) =>
    organisations.revokeInvitation({ organisationId: foreign.orgId, invitationId: foreign.invitationId }, m),
  'identity RevokeInvitation (our organisation, their invitation)': ({ own, foreign }, m) =>
    organisations.revokeInvitation({ organisationId: own.orgId, invitationId: foreign.invitationId }, m),
  'identity UpdateMember (their organisation)': ({ foreign }, m) =>
    organisations.updateMember({ organisationId: foreign.orgId, memberId: foreign.ownerMemberId, ...member }, m),
  'identity UpdateMember (our organisation, their member)': ({ own, foreign }, m) =>
    organisations.updateMember({ organisationId: own.orgId, memberId: foreign.ownerMemberId, ...member }, m),
  'identity RemoveMember (their organisation)': ({ foreign }, m) =>
    organisations.removeMember({ organisationId: foreign.orgId, memberId: foreign.ownerMemberId }, m),
  'identity RemoveMember (our organisation, their member)': ({ own, foreign }, m) =>
    organisations.removeMember({ organisationId: own.orgId, memberId: foreign.ownerMemberId }, m),
  'catalog CreateEvent': ({ foreign }, m) => catalog.createEvent({ organisationId: foreign.orgId, fields: event }, m),
  'catalog GetEvent (their organisation)': ({ foreign }, m) =>
    catalog.getEvent({ organisationId: foreign.orgId, eventId: foreign.eventId }, m),
  'catalog GetEvent (our organisation, their event)': ({ own, foreign }, m) =>
    catalog.getEvent({ organisationId: own.orgId, eventId: foreign.eventId }, m),
  'catalog ListEvents': ({ foreign }, m) =>
    catalog.listEvents({ organisationId: foreign.orgId, query: '', statuses: [], page: undefined }, m),
  'catalog UpdateEvent (their organisation)': ({ foreign }, m) =>
    catalog.updateEvent({ organisationId: foreign.orgId, eventId: foreign.eventId, fields: event }, m),
  'catalog UpdateEvent (our organisation, their event)': ({ own, foreign }, m) =>
    catalog.updateEvent({ organisationId: own.orgId, eventId: foreign.eventId, fields: event }, m),
  'catalog PublishEvent (their organisation)': ({ foreign }, m) =>
    catalog.publishEvent({ organisationId: foreign.orgId, eventId: foreign.eventId }, m),
  'catalog PublishEvent (our organisation, their event)': ({ own, foreign }, m) =>
    catalog.publishEvent({ organisationId: own.orgId, eventId: foreign.eventId }, m),
  'catalog ConvertEventToDraft (our organisation, their event)': ({ own, foreign }, m) =>
    catalog.convertEventToDraft({ organisationId: own.orgId, eventId: foreign.eventId }, m),
  'catalog DeleteEvent (their organisation)': ({ foreign }, m) =>
    catalog.deleteEvent({ organisationId: foreign.orgId, eventId: foreign.eventId }, m),
  'catalog DeleteEvent (our organisation, their event)': ({ own, foreign }, m) =>
    catalog.deleteEvent({ organisationId: own.orgId, eventId: foreign.eventId }, m),
  'catalog CreateTicketOption (their organisation)': ({ foreign }, m) =>
    catalog.createTicketOption({ organisationId: foreign.orgId, eventId: foreign.eventId, fields: option }, m),
  'catalog CreateTicketOption (our organisation, their event)': ({ own, foreign }, m) =>
    catalog.createTicketOption({ organisationId: own.orgId, eventId: foreign.eventId, fields: option }, m),
  'catalog UpdateTicketOption (their organisation)': ({ foreign }, m) =>
    catalog.updateTicketOption(
      { organisationId: foreign.orgId, ticketOptionId: foreign.ticketOptionId, fields: option },
      m,
    ),
  'catalog UpdateTicketOption (our organisation, their option)': ({ own, foreign }, m) =>
    catalog.updateTicketOption(
      { organisationId: own.orgId, ticketOptionId: foreign.ticketOptionId, fields: option },
      m,
    ),
  'catalog DeleteTicketOption (their organisation)': ({ foreign }, m) =>
    catalog.deleteTicketOption({ organisationId: foreign.orgId, ticketOptionId: foreign.ticketOptionId }, m),
  'catalog DeleteTicketOption (our organisation, their option)': ({ own, foreign }, m) =>
    catalog.deleteTicketOption({ organisationId: own.orgId, ticketOptionId: foreign.ticketOptionId }, m),
  'catalog ListTicketOptions (their organisation)': ({ foreign }, m) =>
    catalog.listTicketOptions({ organisationId: foreign.orgId, eventId: foreign.eventId }, m),
  'catalog ListTicketOptions (our organisation, their event)': ({ own, foreign }, m) =>
    catalog.listTicketOptions({ organisationId: own.orgId, eventId: foreign.eventId }, m),
  'catalog ListHistory (their organisation)': ({ foreign }, m) =>
    catalog.listHistory({ organisationId: foreign.orgId, entityId: foreign.eventId, page: undefined }, m),
  'catalog ListHistory (our organisation, their event)': ({ own, foreign }, m) =>
    catalog.listHistory({ organisationId: own.orgId, entityId: foreign.eventId, page: undefined }, m),
  'catalog ListHistory (our organisation, their ticket option)': ({ own, foreign }, m) =>
    catalog.listHistory({ organisationId: own.orgId, entityId: foreign.ticketOptionId, page: undefined }, m),
  'catalog CreateShop': ({ foreign }, m) =>
    shops.createShop({ organisationId: foreign.orgId, fields: shopFields() }, m),
  'catalog UpdateShop (their organisation)': ({ foreign }, m) =>
    shops.updateShop({ organisationId: foreign.orgId, shopId: foreign.shopId, fields: shopFields() }, m),
  'catalog UpdateShop (our organisation, their shop)': ({ own, foreign }, m) =>
    shops.updateShop({ organisationId: own.orgId, shopId: foreign.shopId, fields: shopFields() }, m),
  'catalog GetShop (their organisation)': ({ foreign }, m) =>
    shops.getShop({ organisationId: foreign.orgId, shopId: foreign.shopId }, m),
  'catalog GetShop (our organisation, their shop)': ({ own, foreign }, m) =>
    shops.getShop({ organisationId: own.orgId, shopId: foreign.shopId }, m),
  'catalog ListShops': ({ foreign }, m) =>
    shops.listShops({ organisationId: foreign.orgId, query: '', statuses: [], page: undefined }, m),
  'catalog PublishShop (their organisation)': ({ foreign }, m) =>
    shops.publishShop({ organisationId: foreign.orgId, shopId: foreign.shopId }, m),
  'catalog PublishShop (our organisation, their shop)': ({ own, foreign }, m) =>
    shops.publishShop({ organisationId: own.orgId, shopId: foreign.shopId }, m),
  'catalog ConvertShopToDraft (our organisation, their shop)': ({ own, foreign }, m) =>
    shops.convertShopToDraft({ organisationId: own.orgId, shopId: foreign.shopId }, m),
  'catalog DeleteShop (their organisation)': ({ foreign }, m) =>
    shops.deleteShop({ organisationId: foreign.orgId, shopId: foreign.shopId }, m),
  'catalog DeleteShop (our organisation, their shop)': ({ own, foreign }, m) =>
    shops.deleteShop({ organisationId: own.orgId, shopId: foreign.shopId }, m),
  'catalog LocateShop (their shop)': ({ foreign }, m) => shops.locateShop({ shopId: foreign.shopId }, m),
  'catalog CreateShopItem (their organisation)': ({ foreign }, m) =>
    shops.createShopItem(
      { organisationId: foreign.orgId, shopId: foreign.shopId, fields: itemFields(foreign.ticketOptionId) },
      m,
    ),
  'catalog CreateShopItem (our shop, their ticket option in the body)': ({ own, foreign }, m) =>
    shops.createShopItem(
      { organisationId: own.orgId, shopId: own.shopId, fields: itemFields(foreign.ticketOptionId) },
      m,
    ),
  'catalog CreateShopItem (our shop, their event in the body)': ({ own, foreign }, m) =>
    shops.createShopItem(
      { organisationId: own.orgId, shopId: own.shopId, fields: itemFields(own.ticketOptionId, [foreign.eventId]) },
      m,
    ),
  'catalog UpdateShopItem (our shop, their item)': ({ own, foreign }, m) =>
    shops.updateShopItem(
      { organisationId: own.orgId, shopId: own.shopId, itemId: foreign.itemId, fields: itemFields(own.ticketOptionId) },
      m,
    ),
  'catalog UpdateShopItem (our item, their ticket option in the body)': ({ own, foreign }, m) =>
    shops.updateShopItem(
      { organisationId: own.orgId, shopId: own.shopId, itemId: own.itemId, fields: itemFields(foreign.ticketOptionId) },
      m,
    ),
  'catalog DeleteShopItem (their organisation)': ({ foreign }, m) =>
    shops.deleteShopItem({ organisationId: foreign.orgId, shopId: foreign.shopId, itemId: foreign.itemId }, m),
  'catalog DeleteShopItem (our shop, their item)': ({ own, foreign }, m) =>
    shops.deleteShopItem({ organisationId: own.orgId, shopId: own.shopId, itemId: foreign.itemId }, m),
  'catalog ListShopItems (our organisation, their shop)': ({ own, foreign }, m) =>
    shops.listShopItems({ organisationId: own.orgId, shopId: foreign.shopId }, m),
  'catalog CreateDiscountCode (their organisation)': ({ foreign }, m) =>
    shops.createDiscountCode({ organisationId: foreign.orgId, shopId: foreign.shopId, fields: codeFields([]) }, m),
  'catalog CreateDiscountCode (our shop, their item in the body)': ({ own, foreign }, m) =>
    shops.createDiscountCode(
      { organisationId: own.orgId, shopId: own.shopId, fields: codeFields([foreign.itemId]) },
      m,
    ),
  'catalog UpdateDiscountCode (our shop, their code)': ({ own, foreign }, m) =>
    shops.updateDiscountCode(
      { organisationId: own.orgId, shopId: own.shopId, discountCodeId: foreign.discountCodeId, fields: codeFields([]) },
      m,
    ),
  'catalog DeleteDiscountCode (their organisation)': ({ foreign }, m) =>
    shops.deleteDiscountCode(
      { organisationId: foreign.orgId, shopId: foreign.shopId, discountCodeId: foreign.discountCodeId },
      m,
    ),
  'catalog DeleteDiscountCode (our shop, their code)': ({ own, foreign }, m) =>
    shops.deleteDiscountCode(
      { organisationId: own.orgId, shopId: own.shopId, discountCodeId: foreign.discountCodeId },
      m,
    ),
  'catalog ListDiscountCodes (our organisation, their shop)': ({ own, foreign }, m) =>
    shops.listDiscountCodes({ organisationId: own.orgId, shopId: foreign.shopId }, m),
  'catalog ListShopHistory (our organisation, their shop)': ({ own, foreign }, m) =>
    shops.listShopHistory({ organisationId: own.orgId, entityId: foreign.shopId, page: undefined }, m),
  'catalog ListShopHistory (our organisation, their item)': ({ own, foreign }, m) =>
    shops.listShopHistory({ organisationId: own.orgId, entityId: foreign.itemId, page: undefined }, m),
  'ordering GetDashboard (their organisation)': ({ foreign }, m) =>
    orders.getDashboard({ organisationId: foreign.orgId, timeZone: '' }, m),
  'ordering ListOrders (their organisation)': ({ foreign }, m) =>
    orders.listOrders({ organisationId: foreign.orgId, shopId: '', query: '', statuses: [], page: undefined }, m),
  'ordering ListOrders (their organisation and shop)': ({ foreign }, m) =>
    orders.listOrders(
      { organisationId: foreign.orgId, shopId: foreign.saleShopId, query: '', statuses: ['paid'], page: undefined },
      m,
    ),
  'ordering GetOrder (their organisation)': ({ foreign }, m) =>
    orders.getOrder({ organisationId: foreign.orgId, orderId: foreign.paidOrderId }, m),
  'ordering GetOrder (our organisation, their order)': ({ own, foreign }, m) =>
    orders.getOrder({ organisationId: own.orgId, orderId: foreign.paidOrderId }, m),
  'ordering CancelOrder (their organisation)': ({ foreign }, m) =>
    orders.cancelOrder({ organisationId: foreign.orgId, orderId: foreign.heldOrderId }, m),
  'ordering CancelOrder (our organisation, their order)': ({ own, foreign }, m) =>
    orders.cancelOrder({ organisationId: own.orgId, orderId: foreign.heldOrderId }, m),
  'ordering RefundOrder (their organisation)': ({ foreign }, m) =>
    orders.refundOrder({ organisationId: foreign.orgId, orderId: foreign.paidOrderId, ...fullRefund() }, m),
  'ordering RefundOrder in full (our organisation, their order)': ({ own, foreign }, m) =>
    orders.refundOrder({ organisationId: own.orgId, orderId: foreign.paidOrderId, ...fullRefund() }, m),
  'ordering RefundOrder in part (our organisation, their order)': ({ own, foreign }, m) =>
    orders.refundOrder({ organisationId: own.orgId, orderId: foreign.paidOrderId, ...partRefund() }, m),
  'payments ListPayments (their organisation)': ({ foreign }, m) =>
    payments.listPayments({ organisationId: foreign.orgId, orderId: '', statuses: [], page: undefined }, m),
  'payments ListPayments (their organisation, their order)': ({ foreign }, m) =>
    payments.listPayments(
      { organisationId: foreign.orgId, orderId: foreign.paidOrderId, statuses: [], page: undefined },
      m,
    ),
  'payments GetPaymentSettings (their organisation)': ({ foreign }, m) =>
    payments.getPaymentSettings({ organisationId: foreign.orgId }, m),
  'ticketing ListTicketsOfOrder (their organisation)': ({ foreign }, m) =>
    ticketing.listTicketsOfOrder({ organisationId: foreign.orgId, orderId: foreign.paidOrderId }, m),
  'ticketing ListTicketsOfOrder (our organisation, their order)': ({ own, foreign }, m) =>
    ticketing.listTicketsOfOrder({ organisationId: own.orgId, orderId: foreign.paidOrderId }, m),
  'ticketing ListAttendees (their organisation)': ({ foreign }, m) =>
    ticketing.listAttendees(
      { organisationId: foreign.orgId, eventId: foreign.eventId, shopId: '', query: '', statuses: [], page: undefined },
      m,
    ),
  'ticketing ListAttendees (our organisation, their event)': ({ own, foreign }, m) =>
    ticketing.listAttendees(
      { organisationId: own.orgId, eventId: foreign.eventId, shopId: '', query: '', statuses: [], page: undefined },
      m,
    ),
  'ticketing GetEventTicketStats (their organisation)': ({ foreign }, m) =>
    ticketing.getEventTicketStats({ organisationId: foreign.orgId, eventId: foreign.eventId }, m),
  'ticketing GetEventTicketStats (our organisation, their event)': ({ own, foreign }, m) =>
    ticketing.getEventTicketStats({ organisationId: own.orgId, eventId: foreign.eventId }, m),
  'ticketing CreateScanLink (their organisation)': ({ foreign }, m) =>
    scanning.createScanLink(
      { organisationId: foreign.orgId, eventId: foreign.eventId, name: 'Intruder door', expiresAt: undefined },
      m,
    ),
  'ticketing CreateScanLink (our organisation, their event)': ({ own, foreign }, m) =>
    scanning.createScanLink(
      { organisationId: own.orgId, eventId: foreign.eventId, name: 'Intruder door', expiresAt: undefined },
      m,
    ),
  'ticketing ListScanLinks (their organisation)': ({ foreign }, m) =>
    scanning.listScanLinks({ organisationId: foreign.orgId, eventId: foreign.eventId }, m),
  'ticketing ListScanLinks (our organisation, their event)': ({ own, foreign }, m) =>
    scanning.listScanLinks({ organisationId: own.orgId, eventId: foreign.eventId }, m),
  'ticketing RevokeScanLink (their organisation)': ({ foreign }, m) =>
    scanning.revokeScanLink({ organisationId: foreign.orgId, linkId: foreign.scanLinkId }, m),
  'ticketing RevokeScanLink (our organisation, their link)': ({ own, foreign }, m) =>
    scanning.revokeScanLink({ organisationId: own.orgId, linkId: foreign.scanLinkId }, m),
  'ticketing OpenScanner as a member (their organisation)': ({ foreign }, m) =>
    scanning.openScanner({ access: memberAt(foreign.orgId, foreign.eventId), deviceId: DEVICE_ID, locale: 'en' }, m),
  'ticketing OpenScanner as a member (our organisation, their event)': ({ own, foreign }, m) =>
    scanning.openScanner({ access: memberAt(own.orgId, foreign.eventId), deviceId: DEVICE_ID, locale: 'en' }, m),
  'ticketing Scan as a member (their organisation, their code)': ({ foreign, nonces }, m) =>
    scanning.scan(
      {
        access: memberAt(foreign.orgId, foreign.eventId),
        code: foreign.secrets.ticketCode,
        nonce: nonces[0]!,
        deviceId: DEVICE_ID,
      },
      m,
    ),
  'ticketing Scan as a member (our organisation, their event, their code)': ({ own, foreign, nonces }, m) =>
    scanning.scan(
      {
        access: memberAt(own.orgId, foreign.eventId),
        code: foreign.secrets.ticketCode,
        nonce: nonces[0]!,
        deviceId: DEVICE_ID,
      },
      m,
    ),
  'ticketing Scan as a member (our organisation, their event, their reference)': ({ own, foreign, nonces }, m) =>
    scanning.scan(
      {
        access: memberAt(own.orgId, foreign.eventId),
        code: foreign.secrets.ticketReference,
        nonce: nonces[0]!,
        deviceId: DEVICE_ID,
      },
      m,
    ),
  'ticketing GetOfflineKit as a member (their organisation)': ({ foreign }, m) =>
    scanning.getOfflineKit(
      { access: memberAt(foreign.orgId, foreign.eventId), deviceId: DEVICE_ID, page: undefined },
      m,
    ),
  'ticketing GetOfflineKit as a member (our organisation, their event)': ({ own, foreign }, m) =>
    scanning.getOfflineKit({ access: memberAt(own.orgId, foreign.eventId), deviceId: DEVICE_ID, page: undefined }, m),
  'ticketing SyncOfflineScans as a member (their organisation)': ({ foreign, nonces }, m) =>
    scanning.syncOfflineScans(
      { access: memberAt(foreign.orgId, foreign.eventId), ...offlineScans(nonces, [foreign.secrets.ticketCode]) },
      m,
    ),
  'ticketing SyncOfflineScans as a member (our organisation, their event)': ({ own, foreign, nonces }, m) =>
    scanning.syncOfflineScans(
      {
        access: memberAt(own.orgId, foreign.eventId),
        ...offlineScans(nonces, [foreign.secrets.ticketCode, foreign.secrets.ticketReference]),
      },
      m,
    ),
  'ticketing ListScanConflicts (their organisation)': ({ foreign }, m) =>
    scanning.listScanConflicts({ organisationId: foreign.orgId, eventId: foreign.eventId }, m),
  'ticketing ListScanConflicts (our organisation, their event)': ({ own, foreign }, m) =>
    scanning.listScanConflicts({ organisationId: own.orgId, eventId: foreign.eventId }, m),
  'notifications ListOrderMessages (their organisation)': ({ foreign }, m) =>
    notifications.listOrderMessages({ organisationId: foreign.orgId, orderId: foreign.paidOrderId }, m),
  'notifications ResendOrderConfirmation (their organisation)': ({ foreign }, m) =>
    notifications.resendOrderConfirmation(
      { organisationId: foreign.orgId, orderId: foreign.paidOrderId, idempotencyKey: newKey() },
      m,
    ),
  'notifications ResendOrderConfirmation (our organisation, their order)': ({ own, foreign }, m) =>
    notifications.resendOrderConfirmation(
      { organisationId: own.orgId, orderId: foreign.paidOrderId, idempotencyKey: newKey() },
      m,
    ),
};

const withoutPermissionCalls: Record<string, GrpcCall> = {
  'identity UpdateOrganisation': ({ own }, m) =>
    organisations.updateOrganisation(
      {
        organisationId: own.orgId,
        name: 'Renamed',
        description: '',
        currency: 'EUR',
        defaultLocale: 'en',
        timeZone: '',
      },
      m,
    ),
  'identity InviteMember': ({ own }, m) =>
    organisations.inviteMember(
      {
        organisationId: own.orgId,
        email: testAddress('friend'),
        firstName: '',
        lastName: '',
        permissions: ['checkin'],
        locale: 'en',
      },
      m,
    ),
  'identity RevokeInvitation': ({ own }, m) =>
    organisations.revokeInvitation({ organisationId: own.orgId, invitationId: own.invitationId }, m),
  'identity UpdateMember': ({ own }, m) =>
    organisations.updateMember({ organisationId: own.orgId, memberId: own.ownerMemberId, ...member }, m),
  'identity RemoveMember': ({ own }, m) =>
    organisations.removeMember({ organisationId: own.orgId, memberId: own.ownerMemberId }, m),
  'catalog CreateEvent': ({ own }, m) => catalog.createEvent({ organisationId: own.orgId, fields: event }, m),
  'catalog UpdateEvent': ({ own }, m) =>
    catalog.updateEvent({ organisationId: own.orgId, eventId: own.eventId, fields: event }, m),
  'catalog PublishEvent': ({ own }, m) => catalog.publishEvent({ organisationId: own.orgId, eventId: own.eventId }, m),
  'catalog ConvertEventToDraft': ({ own }, m) =>
    catalog.convertEventToDraft({ organisationId: own.orgId, eventId: own.eventId }, m),
  'catalog DeleteEvent': ({ own }, m) => catalog.deleteEvent({ organisationId: own.orgId, eventId: own.eventId }, m),
  'catalog CreateTicketOption': ({ own }, m) =>
    catalog.createTicketOption({ organisationId: own.orgId, eventId: own.eventId, fields: option }, m),
  'catalog UpdateTicketOption': ({ own }, m) =>
    catalog.updateTicketOption({ organisationId: own.orgId, ticketOptionId: own.ticketOptionId, fields: option }, m),
  'catalog DeleteTicketOption': ({ own }, m) =>
    catalog.deleteTicketOption({ organisationId: own.orgId, ticketOptionId: own.ticketOptionId }, m),
  'catalog CreateShop': ({ own }, m) => shops.createShop({ organisationId: own.orgId, fields: shopFields() }, m),
  'catalog UpdateShop': ({ own }, m) =>
    shops.updateShop({ organisationId: own.orgId, shopId: own.shopId, fields: shopFields() }, m),
  'catalog PublishShop': ({ own }, m) => shops.publishShop({ organisationId: own.orgId, shopId: own.shopId }, m),
  'catalog ConvertShopToDraft': ({ own }, m) =>
    shops.convertShopToDraft({ organisationId: own.orgId, shopId: own.shopId }, m),
  'catalog DeleteShop': ({ own }, m) => shops.deleteShop({ organisationId: own.orgId, shopId: own.shopId }, m),
  'catalog CreateShopItem': ({ own }, m) =>
    shops.createShopItem({ organisationId: own.orgId, shopId: own.shopId, fields: itemFields(own.ticketOptionId) }, m),
  'catalog UpdateShopItem': ({ own }, m) =>
    shops.updateShopItem(
      { organisationId: own.orgId, shopId: own.shopId, itemId: own.itemId, fields: itemFields(own.ticketOptionId) },
      m,
    ),
  'catalog DeleteShopItem': ({ own }, m) =>
    shops.deleteShopItem({ organisationId: own.orgId, shopId: own.shopId, itemId: own.itemId }, m),
  'catalog CreateDiscountCode': ({ own }, m) =>
    shops.createDiscountCode({ organisationId: own.orgId, shopId: own.shopId, fields: codeFields([]) }, m),
  'catalog UpdateDiscountCode': ({ own }, m) =>
    shops.updateDiscountCode(
      { organisationId: own.orgId, shopId: own.shopId, discountCodeId: own.discountCodeId, fields: codeFields([]) },
      m,
    ),
  'catalog DeleteDiscountCode': ({ own }, m) =>
    shops.deleteDiscountCode({ organisationId: own.orgId, shopId: own.shopId, discountCodeId: own.discountCodeId }, m),
  'ordering ListOrders': ({ own }, m) =>
    orders.listOrders({ organisationId: own.orgId, shopId: '', query: '', statuses: [], page: undefined }, m),
  'ordering GetOrder': ({ own }, m) => orders.getOrder({ organisationId: own.orgId, orderId: own.paidOrderId }, m),
  'ordering CancelOrder': ({ own }, m) =>
    orders.cancelOrder({ organisationId: own.orgId, orderId: own.heldOrderId }, m),
  'ordering RefundOrder in full': ({ own }, m) =>
    orders.refundOrder({ organisationId: own.orgId, orderId: own.paidOrderId, ...fullRefund() }, m),
  'ordering RefundOrder in part': ({ own }, m) =>
    orders.refundOrder({ organisationId: own.orgId, orderId: own.paidOrderId, ...partRefund() }, m),
  'payments ListPayments (the organisation\'s, "payments")': ({ own }, m) =>
    payments.listPayments({ organisationId: own.orgId, orderId: '', statuses: [], page: undefined }, m),
  'payments ListPayments (one order\'s, "orders.view")': ({ own }, m) =>
    payments.listPayments({ organisationId: own.orgId, orderId: own.paidOrderId, statuses: [], page: undefined }, m),
  'payments GetPaymentSettings': ({ own }, m) => payments.getPaymentSettings({ organisationId: own.orgId }, m),
};

async function expectGrpcRefusedAndUnchanged(call: GrpcCall, userId: string, codes: status[]) {
  const before = await fingerprint();
  const ids = freshIds();
  const outcome = await call(ids, actor(userId)).then(
    (answer) => ({ answered: answer }),
    (error: ServiceError) => ({ code: error.code, message: error.message }),
  );
  const refused = 'code' in outcome && codes.includes(outcome.code);
  const sent = JSON.stringify(ids.foreign.secrets.ticketCode) + ids.foreign.secrets.ticketReference;
  expect({ outcome, refused, revealed: revealed(outcome, sent) }).toEqual({ outcome, refused: true, revealed: [] });
  expect(await fingerprint()).toBe(before);
}

describe("identity, catalog, ordering and payments refuse organisation A's member on organisation B's ids by themselves", () => {
  it.each(Object.entries(crossTenantCalls))(
    '%s → NOT_FOUND (or PERMISSION_DENIED), nothing changes',
    async (_name, call) => {
      await expectGrpcRefusedAndUnchanged(call, ownerA.userId, [status.NOT_FOUND, status.PERMISSION_DENIED]);
    },
  );

  it('Authorize answers "not a member" for another organisation, and ListMyOrganisations does not show it', async () => {
    await expect(
      organisations.authorize({ userId: ownerA.userId, organisationId: b.orgId, permission: '' }),
    ).resolves.toMatchObject({ allowed: false, member: false });
    await expect(
      organisations.authorize({ userId: ownerA.userId, organisationId: a.orgId, permission: 'events' }),
    ).resolves.toMatchObject({ allowed: true, member: true });
    const mine = await organisations.listMyOrganisations({}, actor(ownerA.userId));
    expect(mine.organisations.map((entry) => entry.organisation!.id)).toEqual([a.orgId]);
  });

  it("GetOrder and ListOrders never reveal another organisation's order, nor ListPayments its attempts, nor the pages", async () => {
    const as = actor(ownerA.userId);
    const everything = { shopId: '', query: '', statuses: [], page: { pageSize: 100, pageToken: '' } };
    await expect(orders.listOrders({ organisationId: b.orgId, ...everything }, as)).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    await expect(orders.getOrder({ organisationId: a.orgId, orderId: b.paidOrderId }, as)).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    const { order: theirs } = await orders.getOrder(
      { organisationId: b.orgId, orderId: b.paidOrderId },
      actor(ownerB.userId),
    );
    const { order: ours } = await orders.getOrder({ organisationId: a.orgId, orderId: a.paidOrderId }, as);

    // A's own list holds exactly A's orders; filtered by B's shop, number or guest it finds nothing.
    const mine = await orders.listOrders({ organisationId: a.orgId, ...everything }, as);
    expect(mine.orders.map(({ id }) => id).sort()).toEqual([a.heldOrderId, a.paidOrderId].sort());
    for (const filter of [
      { shopId: b.saleShopId },
      { query: theirs!.number },
      { query: theirs!.email },
      { query: b.paidOrderId },
    ]) {
      await expect(orders.listOrders({ organisationId: a.orgId, ...everything, ...filter }, as)).resolves.toMatchObject(
        { orders: [] },
      );
    }
    // Payments scopes by the organisation asked about: B's order id in A finds no attempts; A's ledger holds A's only.
    await expect(
      payments.listPayments({ organisationId: a.orgId, orderId: b.paidOrderId, statuses: [], page: undefined }, as),
    ).resolves.toMatchObject({ payments: [] });
    const ledger = await payments.listPayments(
      { organisationId: a.orgId, orderId: '', statuses: [], page: { pageSize: 100, pageToken: '' } },
      as,
    );
    expect(ledger.payments.map(({ id }) => id).sort()).toEqual([a.heldPaymentId, a.paidPaymentId].sort());

    // The same through A's own pages: their order's number, e-mail and ids never appear (but for the search
    // words the page shows back in its search box), ours does.
    const revealed = (html: string, searched = '') =>
      [theirs!.number, theirs!.email, b.paidOrderId, b.heldOrderId, b.paidPaymentId, b.heldPaymentId].filter(
        (text) => text !== searched && html.includes(text),
      );
    const list = await ownerA.api.call('GET', `/o/${a.orgId}/orders`);
    expect({
      status: list.status,
      ours: String(list.body).includes(ours!.number),
      revealed: revealed(String(list.body)),
    }).toEqual({ status: 200, ours: true, revealed: [] });
    const pages: [string, string][] = [
      [`/o/${a.orgId}/orders?q=${theirs!.number}`, theirs!.number],
      [`/o/${a.orgId}/orders?q=${encodeURIComponent(theirs!.email)}`, theirs!.email],
      [`/o/${a.orgId}/orders?shop=${b.saleShopId}`, ''],
      [`/o/${a.orgId}/payments`, ''],
    ];
    for (const [path, searched] of pages) {
      const page = await ownerA.api.call('GET', path);
      expect({ path, status: page.status, revealed: revealed(String(page.body), searched) }).toEqual({
        path,
        status: 200,
        revealed: [],
      });
    }
  });
});

describe('identity, catalog, ordering and payments refuse a member without the permission by themselves', () => {
  it.each(Object.entries(withoutPermissionCalls))('%s → PERMISSION_DENIED, nothing changes', async (_name, call) => {
    await expectGrpcRefusedAndUnchanged(call, scannerA.userId, [status.PERMISSION_DENIED]);
  });

  it('the same member may read what they are allowed to see', async () => {
    await expect(
      catalog.getEvent({ organisationId: a.orgId, eventId: a.eventId }, actor(scannerA.userId)),
    ).resolves.toMatchObject({ event: { id: a.eventId } });
    await expect(
      organisations.authorize({ userId: scannerA.userId, organisationId: a.orgId, permission: 'events' }),
    ).resolves.toMatchObject({ allowed: false, member: true });
    await expect(
      organisations.authorize({ userId: scannerA.userId, organisationId: a.orgId, permission: 'orders.view' }),
    ).resolves.toMatchObject({ allowed: false, member: true });
  });
});

// ---- Step 6: tickets, attendees, the confirmation e-mail and the scanner, beyond the tables above ----

/** A call that is answered (it speaks about A's own scope), with nothing of B in the answer and nothing changed. */
interface Answered<T> {
  /** Calls, and says what the request itself sent (see revealed). */
  act: (ids: Ids) => Promise<{ answer: T; sent: string }>;
  check: (answer: T, ids: Ids) => void;
  /** For a scan: what it may store (ScanAllowance); nothing for a read. */
  records?: (ids: Ids) => ScanAllowance;
  /** B's own door (its second event's link) is shown B's ticket: the answer may hold B's data. */
  atTheirDoor?: boolean;
}

async function expectAnsweredWithinScope<T>({ act, check, records, atTheirDoor }: Answered<T>): Promise<void> {
  const ids = freshIds();
  const allowance = records?.(ids);
  const scanning = allowance !== undefined;
  const before = await fingerprint({ scanning });
  const attemptsBefore = await scanAttempts();
  const { answer, sent } = await act(ids);
  check(answer, ids);
  if (!atTheirDoor) expect(revealed(answer, sent)).toEqual([]);
  expect(await fingerprint({ scanning })).toBe(before);
  // The scan nonces: none changed, and the new ones are exactly this case's, in its scanner's scope and event.
  const attemptsAfter = await scanAttempts();
  const changed = [...attemptsBefore]
    .filter(([nonce, row]) => attemptsAfter.get(nonce)?.text !== row.text)
    .map(([nonce]) => nonce);
  const added = [...attemptsAfter.values()]
    .filter(({ nonce }) => !attemptsBefore.has(nonce))
    .map(({ nonce, scope, event_id: eventId, result }) => ({ nonce, scope, eventId, result }))
    .sort((x, y) => x.nonce.localeCompare(y.nonce));
  const allowed = (allowance?.nonces ?? []).map((nonce, index) => ({
    nonce,
    scope: allowance!.scope,
    eventId: allowance!.eventId,
    result: allowance!.results[index],
  }));
  expect({ changed, added }).toEqual({ changed: [], added: allowed.sort((x, y) => x.nonce.localeCompare(y.nonce)) });
}

interface HttpAnswer {
  status: number;
  body: unknown;
}

/** An HTTP route that answers within A's scope: who calls, the route, and what the answer must be. */
type AnsweredRoute = HttpCase & { as: () => ApiSession } & Pick<
    Answered<HttpAnswer>,
    'check' | 'records' | 'atTheirDoor'
  >;

const answeredRoute = (route: AnsweredRoute): Answered<HttpAnswer> => ({
  act: async (ids) => {
    const path = route.path(ids);
    const body = route.body?.(ids);
    const response = await route.as().call(route.method, path, body);
    return { answer: { status: response.status, body: response.body }, sent: path + JSON.stringify(body ?? '') };
  },
  check: route.check,
  records: route.records,
  atTheirDoor: route.atTheirDoor,
});

const anonymous = () => new ApiSession(stack.bffUrl);
const linkScan = (secret: (ids: Ids) => string, code: (ids: Ids) => string) => ({
  method: 'POST' as const,
  path: () => '/api/scan',
  body: (ids: Ids) => ({ secret: secret(ids), code: code(ids), nonce: ids.nonces[0], deviceId: DEVICE_ID }),
});
const refusedScan =
  (result: string) =>
  ({ status, body }: HttpAnswer) =>
    expect({ status, body }).toMatchObject({ status: 200, body: { result, ticket: null, checkedInAt: '' } });
const refusedSync =
  (count: number) =>
  ({ status, body }: HttpAnswer, { nonces }: Ids) =>
    expect({ status, body }).toMatchObject({
      status: 200,
      body: {
        outcomes: nonces
          .slice(0, count)
          .map((nonce) => ({ nonce, outcome: 'invalid', reference: '', checkedInAt: '' })),
      },
    });
/** A's tickets at its event, as the offline kit lists them (the held order's reserved one included), sorted. */
const ourTickets = (own: Tenant) => [own.paidTicketId, own.heldTicketId].sort();
const csvRows = (body: unknown) =>
  String(body)
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '');

// Scanning B's ticket at A's door (A's link, or a member of A at A's event), and at B's other event's door: answered
// ("invalid": A's door does not know B's ticket; "wrong_event" at B's other door), and nobody is checked in.
const answeredRoutes: Record<string, AnsweredRoute> = {
  'our scan link scans their code → invalid': {
    as: anonymous,
    ...linkScan(
      ({ own }) => own.secrets.scanSecret,
      ({ foreign }) => foreign.secrets.ticketCode,
    ),
    check: refusedScan('invalid'),
    records: ({ own, nonces }) => ({
      scope: own.scanLinkId,
      eventId: own.eventId,
      nonces: nonces.slice(0, 1),
      results: ['invalid'],
    }),
  },
  'our scan link scans their reference, typed in → invalid': {
    as: anonymous,
    ...linkScan(
      ({ own }) => own.secrets.scanSecret,
      ({ foreign }) => foreign.secrets.ticketReference.toLowerCase(),
    ),
    check: refusedScan('invalid'),
    records: ({ own, nonces }) => ({
      scope: own.scanLinkId,
      eventId: own.eventId,
      nonces: nonces.slice(0, 1),
      results: ['invalid'],
    }),
  },
  'our scan link syncs their code and reference, scanned offline → invalid': {
    as: anonymous,
    method: 'POST',
    path: () => '/api/scan/sync',
    body: ({ own, foreign, nonces }) => ({
      secret: own.secrets.scanSecret,
      ...syncBody(nonces, [foreign.secrets.ticketCode, foreign.secrets.ticketReference]),
    }),
    check: refusedSync(2),
    records: ({ own, nonces }) => ({
      scope: own.scanLinkId,
      eventId: own.eventId,
      nonces,
      results: ['invalid', 'invalid'],
    }),
  },
  "their second event's scan link scans their code → wrong_event": {
    as: anonymous,
    ...linkScan(
      ({ foreign }) => foreign.secrets.otherSecret,
      ({ foreign }) => foreign.secrets.ticketCode,
    ),
    check: ({ status, body }) =>
      expect({ status, body }).toMatchObject({ status: 200, body: { result: 'wrong_event', checkedInAt: '' } }),
    records: ({ foreign, nonces }) => ({
      scope: foreign.otherLinkId,
      eventId: foreign.otherEventId,
      nonces: nonces.slice(0, 1),
      results: ['wrong_event'],
    }),
    atTheirDoor: true,
  },
  "their second event's scan link syncs their code → wrong_event": {
    as: anonymous,
    method: 'POST',
    path: () => '/api/scan/sync',
    body: ({ foreign, nonces }) => ({
      secret: foreign.secrets.otherSecret,
      ...syncBody(nonces, [foreign.secrets.ticketCode]),
    }),
    check: ({ status, body }, { nonces }) =>
      expect({ status, body }).toMatchObject({
        status: 200,
        body: { outcomes: [{ nonce: nonces[0], outcome: 'wrong_event', checkedInAt: '' }] },
      }),
    records: ({ foreign, nonces }) => ({
      scope: foreign.otherLinkId,
      eventId: foreign.otherEventId,
      nonces: nonces.slice(0, 1),
      results: ['wrong_event'],
    }),
    atTheirDoor: true,
  },
  'member of A scans their code at our event → invalid': {
    as: () => ownerA.api,
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/scan`,
    body: ({ foreign, nonces }) => ({ code: foreign.secrets.ticketCode, nonce: nonces[0], deviceId: DEVICE_ID }),
    check: refusedScan('invalid'),
    records: ({ own, nonces }) => ({
      scope: ownerA.userId,
      eventId: own.eventId,
      nonces: nonces.slice(0, 1),
      results: ['invalid'],
    }),
  },
  'member of A scans their reference at our event → invalid': {
    as: () => ownerA.api,
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/scan`,
    body: ({ foreign, nonces }) => ({
      code: foreign.secrets.ticketReference.replace('-', ''),
      nonce: nonces[0],
      deviceId: DEVICE_ID,
    }),
    check: refusedScan('invalid'),
    records: ({ own, nonces }) => ({
      scope: ownerA.userId,
      eventId: own.eventId,
      nonces: nonces.slice(0, 1),
      results: ['invalid'],
    }),
  },
  'member of A syncs their code and reference at our event → invalid': {
    as: () => ownerA.api,
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/scan/sync`,
    body: ({ foreign, nonces }) => syncBody(nonces, [foreign.secrets.ticketCode, foreign.secrets.ticketReference]),
    check: refusedSync(2),
    records: ({ own, nonces }) => ({
      scope: ownerA.userId,
      eventId: own.eventId,
      nonces,
      results: ['invalid', 'invalid'],
    }),
  },
  // Reads of A's own scope: A's tickets, key, links and attendees only.
  "our scan link's offline kit holds our tickets and key only": {
    as: anonymous,
    method: 'POST',
    path: () => '/api/scan/offline-kit',
    body: ({ own }) => ({ secret: own.secrets.scanSecret, deviceId: DEVICE_ID }),
    check: ({ status, body }, { own }) => {
      const kit = body as { eventId: string; keys: { keyId: string }[]; tickets: { id: string }[] };
      expect({
        status,
        eventId: kit.eventId,
        keys: kit.keys.map(({ keyId }) => keyId),
        tickets: kit.tickets.map(({ id }) => id).sort(),
      }).toEqual({ status: 200, eventId: own.eventId, keys: [own.secrets.keyId], tickets: ourTickets(own) });
    },
  },
  "our scan link opens our event's scanner": {
    as: anonymous,
    method: 'POST',
    path: () => '/api/scan/open',
    body: ({ own }) => ({ secret: own.secrets.scanSecret, deviceId: DEVICE_ID, locale: 'en' }),
    check: ({ status, body }, { own }) =>
      expect({ status, body }).toMatchObject({
        status: 200,
        body: { event: { id: own.eventId }, organisationId: own.orgId, counts: { sold: 1 } },
      }),
  },
  "member of A's offline kit of our event holds our tickets and key only": {
    as: () => ownerA.api,
    method: 'GET',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/scan/offline-kit?deviceId=${DEVICE_ID}`,
    check: ({ status, body }, { own }) => {
      const kit = body as { keys: { keyId: string }[]; tickets: { id: string }[] };
      expect({
        status,
        keys: kit.keys.map(({ keyId }) => keyId),
        tickets: kit.tickets.map(({ id }) => id).sort(),
      }).toEqual({ status: 200, keys: [own.secrets.keyId], tickets: ourTickets(own) });
    },
  },
  "member of A's scan links of our event are ours only": {
    as: () => ownerA.api,
    method: 'GET',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/scan-links`,
    check: ({ status, body }, { own }) => {
      const ids = (body as { links: { id: string }[] }).links.map(({ id }) => id).sort();
      expect({ status, ids }).toEqual({ status: 200, ids: [own.scanLinkId, own.revokedLinkId].sort() });
    },
  },
  'orders CSV of our organisation, searched for their guest → no rows': {
    as: () => ownerA.api,
    method: 'GET',
    path: ({ own, foreign }) =>
      `/api/organisations/${own.orgId}/orders.csv?q=${encodeURIComponent(foreign.secrets.guestEmail)}`,
    check: ({ status, body }) => expect({ status, rows: csvRows(body).length }).toEqual({ status: 200, rows: 1 }),
  },
  'mailing opt-ins CSV of our organisation, for their event → no rows': {
    as: () => ownerA.api,
    method: 'GET',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/opt-ins.csv?event=${foreign.eventId}`,
    check: ({ status, body }) => expect({ status, rows: csvRows(body).length }).toEqual({ status: 200, rows: 1 }),
  },
  'orders CSV of our organisation, filtered to their shop → no rows': {
    as: () => ownerA.api,
    method: 'GET',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/orders.csv?shop=${foreign.shopId}`,
    check: ({ status, body }) => expect({ status, rows: csvRows(body).length }).toEqual({ status: 200, rows: 1 }),
  },
  'attendees CSV of our event, searched for their guest → no rows': {
    as: () => ownerA.api,
    method: 'GET',
    path: ({ own, foreign }) =>
      `/api/organisations/${own.orgId}/events/${own.eventId}/attendees.csv?q=${encodeURIComponent(foreign.secrets.guestEmail)}`,
    check: ({ status, body }) => expect({ status, rows: csvRows(body).length }).toEqual({ status: 200, rows: 1 }),
  },
  'attendees CSV of our event, searched for their reference → no rows': {
    as: () => ownerA.api,
    method: 'GET',
    path: ({ own, foreign }) =>
      `/api/organisations/${own.orgId}/events/${own.eventId}/attendees.csv?q=${foreign.secrets.ticketReference}`,
    check: ({ status, body }) => expect({ status, rows: csvRows(body).length }).toEqual({ status: 200, rows: 1 }),
  },
  'attendees CSV of our event lists our guest only': {
    as: () => ownerA.api,
    method: 'GET',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/attendees.csv`,
    check: ({ status, body }, { own }) => {
      const rows = csvRows(body);
      expect({ status, rows: rows.length, ours: rows[1]?.includes(own.secrets.ticketReference) }).toEqual({
        status: 200,
        rows: 2,
        ours: true,
      });
    },
  },
  'page: attendees of our event, searched for their order number': {
    as: () => ownerA.api,
    method: 'GET',
    path: ({ own, foreign }) =>
      `/o/${own.orgId}/events/${own.eventId}?tab=attendees&q=${foreign.secrets.paidOrderNumber}`,
    check: ({ status }) => expect(status).toBe(200),
  },
  'page: attendees of our event show our guest, not theirs': {
    as: () => ownerA.api,
    method: 'GET',
    path: ({ own }) => `/o/${own.orgId}/events/${own.eventId}?tab=attendees`,
    check: ({ status, body }, { own }) =>
      expect({ status, ours: String(body).includes(own.secrets.ticketReference) }).toEqual({ status: 200, ours: true }),
  },
  'page: our event scan holds nothing of theirs': {
    as: () => ownerA.api,
    method: 'GET',
    path: ({ own }) => `/o/${own.orgId}/events/${own.eventId}/scan`,
    check: ({ status }) => expect(status).toBe(200),
  },
};

describe("scanning B's tickets at A's door, and A's own reads: answered within A, nothing of B, nobody checked in", () => {
  it.each(Object.entries(answeredRoutes))('%s', async (_name, route) => {
    await expectAnsweredWithinScope(answeredRoute(route));
  });
});

// A revoked link scans nothing, nor does a made-up one: the same 404 for both, and not even a nonce is stored.
const refusedLinkRoutes: Record<string, HttpCase> = {
  'their revoked link scans their code': linkScan(
    ({ foreign }) => foreign.secrets.revokedSecret,
    ({ foreign }) => foreign.secrets.ticketCode,
  ),
  'their revoked link scans their reference': linkScan(
    ({ foreign }) => foreign.secrets.revokedSecret,
    ({ foreign }) => foreign.secrets.ticketReference,
  ),
  'their revoked link opens the scanner': {
    method: 'POST',
    path: () => '/api/scan/open',
    body: ({ foreign }) => ({ secret: foreign.secrets.revokedSecret, deviceId: DEVICE_ID, locale: 'en' }),
  },
  'their revoked link fetches the offline kit': {
    method: 'POST',
    path: () => '/api/scan/offline-kit',
    body: ({ foreign }) => ({ secret: foreign.secrets.revokedSecret, deviceId: DEVICE_ID }),
  },
  'their revoked link syncs their code': {
    method: 'POST',
    path: () => '/api/scan/sync',
    body: ({ foreign, nonces }) => ({
      secret: foreign.secrets.revokedSecret,
      ...syncBody(nonces, [foreign.secrets.ticketCode]),
    }),
  },
  'page: the scanner of their revoked link': {
    method: 'GET',
    path: ({ foreign }) => `/scan/${foreign.secrets.revokedSecret}`,
  },
  'a made-up link scans their code': linkScan(
    () => randomBytes(32).toString('base64url'),
    ({ foreign }) => foreign.secrets.ticketCode,
  ),
};

describe('a revoked or unknown scan link', () => {
  it.each(Object.entries(refusedLinkRoutes))('%s → 404, nothing changes', async (_name, route) => {
    await expectRefusedAndUnchanged(anonymous(), route, [404]);
  });
});

// Signed out: every organiser route of the new surface, with B's ids. API routes answer 401, pages send to sign-in.
const anonymousRoutes: Record<string, HttpCase> = {
  'page: scan tickets': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/scan` },
  'page: event scan': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/events/${foreign.eventId}/scan` },
  'page: event attendees': {
    method: 'GET',
    path: ({ foreign }) => `/o/${foreign.orgId}/events/${foreign.eventId}?tab=attendees`,
  },
  'page: order (tickets and e-mails)': {
    method: 'GET',
    path: ({ foreign }) => `/o/${foreign.orgId}/orders/${foreign.paidOrderId}`,
  },
  ...Object.fromEntries(
    Object.entries(crossTenantRoutes)
      .filter(
        ([name]) =>
          /\((their organisation)\)$/.test(name) &&
          /^(attendees CSV|orders CSV|resend confirmation|scan links|create scan link|revoke scan link|member scanner|scan conflicts)/.test(
            name,
          ),
      )
      .map(([name, route]) => [name.replace(' (their organisation)', ''), route]),
  ),
};

describe('signed out', () => {
  it('covers every new organiser API route', () => {
    expect(
      Object.keys(anonymousRoutes)
        .filter((name) => !name.startsWith('page: '))
        .sort(),
    ).toEqual([
      'attendees CSV',
      'create scan link',
      'member scanner: offline kit',
      'member scanner: open',
      'member scanner: scan their code',
      'member scanner: sync their code',
      'orders CSV',
      'resend confirmation',
      'revoke scan link',
      'scan conflicts',
      'scan links',
    ]);
  });

  it.each(Object.entries(anonymousRoutes))('%s → 401 (a page: to sign-in), nothing changes', async (_name, route) => {
    const before = await fingerprint();
    const ids = freshIds();
    const path = route.path(ids);
    const response = await anonymous().call(route.method, path, route.body?.(ids));
    const location = response.headers.get('location') ?? '';
    const refused = path.startsWith('/api/')
      ? response.status === 401
      : [302, 303, 307, 308].includes(response.status) && /\/sign-in\b/.test(location);
    expect({ status: response.status, location, refused, revealed: revealed(response.body, path) }).toEqual({
      status: response.status,
      location,
      refused: true,
      revealed: [],
    });
    expect(await fingerprint()).toBe(before);
  });
});

// Members of A who lack what a call needs, in A itself: Attendees need "orders.view" or "checkin", the figures
// "events", "orders.view" or "checkin", the scanner and its links "checkin", an order's tickets and e-mails
// "orders.view", resending "orders.manage".
type MemberRoute = HttpCase & { as: () => SignedInAccount };
const withoutPermissionTicketRoutes: Record<string, MemberRoute> = {
  'page: scan tickets, "orders.view" only': {
    as: () => viewerA,
    method: 'GET',
    path: ({ own }) => `/o/${own.orgId}/scan`,
  },
  'page: event scan, "orders.view" only': {
    as: () => viewerA,
    method: 'GET',
    path: ({ own }) => `/o/${own.orgId}/events/${own.eventId}/scan`,
  },
  'scan links, "orders.view" only': {
    as: () => viewerA,
    method: 'GET',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/scan-links`,
  },
  'create scan link, "orders.view" only': {
    as: () => viewerA,
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/scan-links`,
    body: () => ({ name: 'Back door' }),
  },
  'revoke scan link, "orders.view" only': {
    as: () => viewerA,
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/scan-links/${own.scanLinkId}/revoke`,
  },
  'member scanner: open, "orders.view" only': {
    as: () => viewerA,
    method: 'GET',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/scan?deviceId=${DEVICE_ID}`,
  },
  'member scanner: scan our own code, "orders.view" only': {
    as: () => viewerA,
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/scan`,
    body: ({ own, nonces }) => ({ code: own.secrets.ticketCode, nonce: nonces[0], deviceId: DEVICE_ID }),
  },
  'member scanner: offline kit, "orders.view" only': {
    as: () => viewerA,
    method: 'GET',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/scan/offline-kit?deviceId=${DEVICE_ID}`,
  },
  'member scanner: sync our own code, "orders.view" only': {
    as: () => viewerA,
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/scan/sync`,
    body: ({ own, nonces }) => syncBody(nonces, [own.secrets.ticketCode]),
  },
  'scan conflicts, "orders.view" only': {
    as: () => viewerA,
    method: 'GET',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/scan/conflicts`,
  },
  'resend confirmation, "orders.view" only': {
    as: () => viewerA,
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/orders/${own.paidOrderId}/resend-confirmation`,
    body: () => ({ idempotencyKey: newKey() }),
  },
  'resend confirmation, "checkin" only (the Scanner preset)': {
    as: () => scannerA,
    method: 'POST',
    path: ({ own }) => `/api/organisations/${own.orgId}/orders/${own.paidOrderId}/resend-confirmation`,
    body: () => ({ idempotencyKey: newKey() }),
  },
  'attendees CSV, "events" only': {
    as: () => plannerA,
    method: 'GET',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/attendees.csv`,
  },
  'attendees CSV, "payments" only': {
    as: () => treasurerA,
    method: 'GET',
    path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/attendees.csv`,
  },
};

describe('a member of organisation A without the permission, on the ticketing surface', () => {
  it.each(Object.entries(withoutPermissionTicketRoutes))('%s → 403, nothing changes', async (_name, route) => {
    await expectRefusedAndUnchanged(route.as().api, route, [403]);
  });

  it('a member with "events" only sees the event, but no attendee of it on the Attendees tab', async () => {
    const before = await fingerprint();
    const page = await plannerA.api.call('GET', `/o/${a.orgId}/events/${a.eventId}?tab=attendees`);
    const html = String(page.body);
    const shown = [a.secrets.guestEmail, a.secrets.ticketReference, a.secrets.paidOrderNumber].filter((text) =>
      html.includes(text),
    );
    expect({ status: page.status, shown }).toEqual({ status: 200, shown: [] });
    expect(await fingerprint()).toBe(before);
  });

  it('the Scanner preset may export the attendees (its "checkin" allows it), and sees A\'s own only', async () => {
    const csv = await scannerA.api.call('GET', `/api/organisations/${a.orgId}/events/${a.eventId}/attendees.csv`);
    const rows = csvRows(csv.body);
    expect({
      status: csv.status,
      rows: rows.length,
      ours: rows[1]?.includes(a.secrets.ticketReference),
      revealed: revealed(csv.body, ''),
    }).toEqual({ status: 200, rows: 2, ours: true, revealed: [] });
  });
});

type MemberCall = { as: () => SignedInAccount; call: GrpcCall };
const withoutPermissionTicketCalls: Record<string, MemberCall> = {
  'ticketing CreateScanLink, "orders.view" only': {
    as: () => viewerA,
    call: ({ own }, m) =>
      scanning.createScanLink(
        { organisationId: own.orgId, eventId: own.eventId, name: 'Back door', expiresAt: undefined },
        m,
      ),
  },
  'ticketing ListScanLinks, "orders.view" only': {
    as: () => viewerA,
    call: ({ own }, m) => scanning.listScanLinks({ organisationId: own.orgId, eventId: own.eventId }, m),
  },
  'ticketing RevokeScanLink, "orders.view" only': {
    as: () => viewerA,
    call: ({ own }, m) => scanning.revokeScanLink({ organisationId: own.orgId, linkId: own.scanLinkId }, m),
  },
  'ticketing OpenScanner, "orders.view" only': {
    as: () => viewerA,
    call: ({ own }, m) =>
      scanning.openScanner({ access: memberAt(own.orgId, own.eventId), deviceId: DEVICE_ID, locale: 'en' }, m),
  },
  'ticketing Scan our own code, "orders.view" only': {
    as: () => viewerA,
    call: ({ own, nonces }, m) =>
      scanning.scan(
        {
          access: memberAt(own.orgId, own.eventId),
          code: own.secrets.ticketCode,
          nonce: nonces[0]!,
          deviceId: DEVICE_ID,
        },
        m,
      ),
  },
  'ticketing GetOfflineKit, "orders.view" only': {
    as: () => viewerA,
    call: ({ own }, m) =>
      scanning.getOfflineKit({ access: memberAt(own.orgId, own.eventId), deviceId: DEVICE_ID, page: undefined }, m),
  },
  'ticketing SyncOfflineScans our own code, "orders.view" only': {
    as: () => viewerA,
    call: ({ own, nonces }, m) =>
      scanning.syncOfflineScans(
        { access: memberAt(own.orgId, own.eventId), ...offlineScans(nonces, [own.secrets.ticketCode]) },
        m,
      ),
  },
  'ticketing ListScanConflicts, "orders.view" only': {
    as: () => viewerA,
    call: ({ own }, m) => scanning.listScanConflicts({ organisationId: own.orgId, eventId: own.eventId }, m),
  },
  'notifications ResendOrderConfirmation, "orders.view" only': {
    as: () => viewerA,
    call: ({ own }, m) =>
      notifications.resendOrderConfirmation(
        { organisationId: own.orgId, orderId: own.paidOrderId, idempotencyKey: newKey() },
        m,
      ),
  },
  'ticketing ListTicketsOfOrder, "checkin" only': {
    as: () => scannerA,
    call: ({ own }, m) => ticketing.listTicketsOfOrder({ organisationId: own.orgId, orderId: own.paidOrderId }, m),
  },
  'notifications ListOrderMessages, "checkin" only': {
    as: () => scannerA,
    call: ({ own }, m) => notifications.listOrderMessages({ organisationId: own.orgId, orderId: own.paidOrderId }, m),
  },
  'notifications ResendOrderConfirmation, "checkin" only': {
    as: () => scannerA,
    call: ({ own }, m) =>
      notifications.resendOrderConfirmation(
        { organisationId: own.orgId, orderId: own.paidOrderId, idempotencyKey: newKey() },
        m,
      ),
  },
  'ticketing ListAttendees, "events" only': {
    as: () => plannerA,
    call: ({ own }, m) =>
      ticketing.listAttendees(
        { organisationId: own.orgId, eventId: own.eventId, shopId: '', query: '', statuses: [], page: undefined },
        m,
      ),
  },
  'ticketing ListTicketsOfOrder, "events" only': {
    as: () => plannerA,
    call: ({ own }, m) => ticketing.listTicketsOfOrder({ organisationId: own.orgId, orderId: own.paidOrderId }, m),
  },
  'ticketing ListAttendees, "payments" only': {
    as: () => treasurerA,
    call: ({ own }, m) =>
      ticketing.listAttendees(
        { organisationId: own.orgId, eventId: own.eventId, shopId: '', query: '', statuses: [], page: undefined },
        m,
      ),
  },
  'ticketing GetEventTicketStats, "payments" only': {
    as: () => treasurerA,
    call: ({ own }, m) => ticketing.getEventTicketStats({ organisationId: own.orgId, eventId: own.eventId }, m),
  },
  'ticketing CreateScanLink, "payments" only': {
    as: () => treasurerA,
    call: ({ own }, m) =>
      scanning.createScanLink(
        { organisationId: own.orgId, eventId: own.eventId, name: 'Back door', expiresAt: undefined },
        m,
      ),
  },
};

describe('ticketing and notifications refuse a member without the permission by themselves', () => {
  it.each(Object.entries(withoutPermissionTicketCalls))(
    '%s → PERMISSION_DENIED, nothing changes',
    async (_name, { as, call }) => {
      await expectGrpcRefusedAndUnchanged(call, as().userId, [status.PERMISSION_DENIED]);
    },
  );

  it('the same members may do what their permission allows', async () => {
    await expect(
      ticketing.getEventTicketStats({ organisationId: a.orgId, eventId: a.eventId }, actor(plannerA.userId)),
    ).resolves.toMatchObject({ sold: 1 });
    await expect(
      ticketing.listTicketsOfOrder({ organisationId: a.orgId, orderId: a.paidOrderId }, actor(viewerA.userId)),
    ).resolves.toMatchObject({ tickets: [{ id: a.paidTicketId }] });
    await expect(
      scanning.listScanConflicts({ organisationId: a.orgId, eventId: a.eventId }, actor(scannerA.userId)),
    ).resolves.toEqual({ conflicts: [] });
    for (const permission of ['checkin', 'orders.view', 'orders.manage', 'events']) {
      await expect(
        organisations.authorize({ userId: ownerA.userId, organisationId: a.orgId, permission }),
      ).resolves.toMatchObject({ allowed: true });
    }
  });
});

// Signed out, on the services themselves: every ticketing and notifications call of the cross-tenant table above,
// without an actor, is UNAUTHENTICATED.
const anonymousCalls = Object.entries(crossTenantCalls).filter(([name]) => /^(ticketing|notifications) /.test(name));

describe('ticketing and notifications refuse a call without a signed-in actor', () => {
  it.each(anonymousCalls)('%s without an actor → UNAUTHENTICATED, nothing changes', async (_name, call) => {
    await expectGrpcRefusedAndUnchanged(call, '', [status.UNAUTHENTICATED]);
  });
});

// Scan links on the service itself: a revoked link is PERMISSION_DENIED whatever it asks; a link never combines with
// an organisation and event (INVALID_ARGUMENT), so a link cannot be pointed at B's event.
const refusedLinkCalls: Record<string, { call: GrpcCall; codes: status[] }> = {
  'Scan with their revoked link': {
    call: ({ foreign, nonces }, m) =>
      scanning.scan(
        {
          access: linkOf(foreign.secrets.revokedSecret),
          code: foreign.secrets.ticketCode,
          nonce: nonces[0]!,
          deviceId: DEVICE_ID,
        },
        m,
      ),
    codes: [status.PERMISSION_DENIED],
  },
  'OpenScanner with their revoked link': {
    call: ({ foreign }, m) =>
      scanning.openScanner({ access: linkOf(foreign.secrets.revokedSecret), deviceId: DEVICE_ID, locale: 'en' }, m),
    codes: [status.PERMISSION_DENIED],
  },
  'GetOfflineKit with their revoked link': {
    call: ({ foreign }, m) =>
      scanning.getOfflineKit(
        { access: linkOf(foreign.secrets.revokedSecret), deviceId: DEVICE_ID, page: undefined },
        m,
      ),
    codes: [status.PERMISSION_DENIED],
  },
  'SyncOfflineScans with their revoked link': {
    call: ({ foreign, nonces }, m) =>
      scanning.syncOfflineScans(
        { access: linkOf(foreign.secrets.revokedSecret), ...offlineScans(nonces, [foreign.secrets.ticketCode]) },
        m,
      ),
    codes: [status.PERMISSION_DENIED],
  },
  'Scan with our link pointed at their organisation and event': {
    call: ({ own, foreign, nonces }, m) =>
      scanning.scan(
        {
          access: { linkSecret: own.secrets.scanSecret, organisationId: foreign.orgId, eventId: foreign.eventId },
          code: foreign.secrets.ticketCode,
          nonce: nonces[0]!,
          deviceId: DEVICE_ID,
        },
        m,
      ),
    codes: [status.INVALID_ARGUMENT],
  },
  'GetOfflineKit with our link pointed at their organisation and event': {
    call: ({ own, foreign }, m) =>
      scanning.getOfflineKit(
        {
          access: { linkSecret: own.secrets.scanSecret, organisationId: foreign.orgId, eventId: foreign.eventId },
          deviceId: DEVICE_ID,
          page: undefined,
        },
        m,
      ),
    codes: [status.INVALID_ARGUMENT],
  },
};

describe('ticketing refuses a revoked link, and a link pointed elsewhere, by itself', () => {
  it.each(Object.entries(refusedLinkCalls))('%s → refused, nothing changes', async (_name, { call, codes }) => {
    await expectGrpcRefusedAndUnchanged(call, '', codes);
  });
});

type AnsweredCall = Omit<Answered<unknown>, 'act'> & { as: () => string; call: GrpcCall };
const scanAnswer = (result: string) => (answer: unknown) =>
  expect(answer).toMatchObject({ result, ticket: undefined, checkedInAt: undefined });

// On the services themselves: scanning B's ticket at A's door is answered "invalid", and A's reads hold A's only.
const answeredCalls: Record<string, AnsweredCall> = {
  'Scan with our link, their code → invalid': {
    as: () => '',
    call: ({ own, foreign, nonces }, m) =>
      scanning.scan(
        {
          access: linkOf(own.secrets.scanSecret),
          code: foreign.secrets.ticketCode,
          nonce: nonces[0]!,
          deviceId: DEVICE_ID,
        },
        m,
      ),
    check: scanAnswer('invalid'),
    records: ({ own, nonces }) => ({
      scope: own.scanLinkId,
      eventId: own.eventId,
      nonces: nonces.slice(0, 1),
      results: ['invalid'],
    }),
  },
  'SyncOfflineScans with our link, their code and reference → invalid': {
    as: () => '',
    call: ({ own, foreign, nonces }, m) =>
      scanning.syncOfflineScans(
        {
          access: linkOf(own.secrets.scanSecret),
          ...offlineScans(nonces, [foreign.secrets.ticketCode, foreign.secrets.ticketReference]),
        },
        m,
      ),
    check: (answer) =>
      expect((answer as { outcomes: unknown[] }).outcomes).toMatchObject([
        { outcome: 'invalid', reference: '' },
        { outcome: 'invalid', reference: '' },
      ]),
    records: ({ own, nonces }) => ({
      scope: own.scanLinkId,
      eventId: own.eventId,
      nonces,
      results: ['invalid', 'invalid'],
    }),
  },
  'Scan as a member of A at our event, their code → invalid': {
    as: () => ownerA.userId,
    call: ({ own, foreign, nonces }, m) =>
      scanning.scan(
        {
          access: memberAt(own.orgId, own.eventId),
          code: foreign.secrets.ticketCode,
          nonce: nonces[0]!,
          deviceId: DEVICE_ID,
        },
        m,
      ),
    check: scanAnswer('invalid'),
    records: ({ own, nonces }) => ({
      scope: ownerA.userId,
      eventId: own.eventId,
      nonces: nonces.slice(0, 1),
      results: ['invalid'],
    }),
  },
  "Scan with their second event's link, their code → wrong_event": {
    as: () => '',
    call: ({ foreign, nonces }, m) =>
      scanning.scan(
        {
          access: linkOf(foreign.secrets.otherSecret),
          code: foreign.secrets.ticketCode,
          nonce: nonces[0]!,
          deviceId: DEVICE_ID,
        },
        m,
      ),
    check: (answer) => expect(answer).toMatchObject({ result: 'wrong_event', checkedInAt: undefined }),
    records: ({ foreign, nonces }) => ({
      scope: foreign.otherLinkId,
      eventId: foreign.otherEventId,
      nonces: nonces.slice(0, 1),
      results: ['wrong_event'],
    }),
    atTheirDoor: true,
  },
  'GetOfflineKit with our link → our tickets and key only': {
    as: () => '',
    call: ({ own }, m) =>
      scanning.getOfflineKit({ access: linkOf(own.secrets.scanSecret), deviceId: DEVICE_ID, page: undefined }, m),
    check: (answer, { own }) => {
      const kit = answer as { keys: { keyId: string }[]; tickets: { id: string }[]; revokedTicketIds: string[] };
      expect({
        keys: kit.keys.map(({ keyId }) => keyId),
        tickets: kit.tickets.map(({ id }) => id).sort(),
        revoked: kit.revokedTicketIds,
      }).toEqual({ keys: [own.secrets.keyId], tickets: ourTickets(own), revoked: [] });
    },
  },
  'ListAttendees of our event, searched for their guest, reference and order number → none': {
    as: () => ownerA.userId,
    call: async ({ own, foreign }, m) =>
      Promise.all(
        [foreign.secrets.guestEmail, foreign.secrets.ticketReference, foreign.secrets.paidOrderNumber].map((query) =>
          ticketing.listAttendees(
            { organisationId: own.orgId, eventId: own.eventId, shopId: '', query, statuses: [], page: undefined },
            m,
          ),
        ),
      ),
    check: (answer) =>
      expect((answer as { attendees: unknown[] }[]).map(({ attendees }) => attendees)).toEqual([[], [], []]),
  },
  'ListAttendees of our event → our guest only': {
    as: () => ownerA.userId,
    call: ({ own }, m) =>
      ticketing.listAttendees(
        {
          organisationId: own.orgId,
          eventId: own.eventId,
          shopId: '',
          query: '',
          statuses: [],
          page: { pageSize: 500, pageToken: '' },
        },
        m,
      ),
    check: (answer, { own }) =>
      expect((answer as { attendees: { ticketId: string }[] }).attendees.map(({ ticketId }) => ticketId)).toEqual([
        own.paidTicketId,
      ]),
  },
  'ListOrderMessages (our organisation, their order) → none': {
    as: () => ownerA.userId,
    call: ({ own, foreign }, m) =>
      notifications.listOrderMessages({ organisationId: own.orgId, orderId: foreign.paidOrderId }, m),
    check: (answer) => expect(answer).toEqual({ messages: [] }),
  },
  'ListScanLinks of our event → ours only': {
    as: () => ownerA.userId,
    call: ({ own }, m) => scanning.listScanLinks({ organisationId: own.orgId, eventId: own.eventId }, m),
    check: (answer, { own }) =>
      expect((answer as { links: { id: string }[] }).links.map(({ id }) => id).sort()).toEqual(
        [own.scanLinkId, own.revokedLinkId].sort(),
      ),
  },
  'GetEventTicketStats of our event → ours only': {
    as: () => ownerA.userId,
    call: ({ own }, m) => ticketing.getEventTicketStats({ organisationId: own.orgId, eventId: own.eventId }, m),
    check: (answer) => expect(answer).toMatchObject({ sold: 1, checkedIn: 0, canceled: 0, openConflicts: 0 }),
  },
};

describe("ticketing and notifications answer A's own scope only, and scanning B's code at A's door checks nobody in", () => {
  it.each(Object.entries(answeredCalls))('%s', async (_name, { as, call, ...rest }) => {
    await expectAnsweredWithinScope({
      act: async (ids) => ({
        answer: await call(ids, actor(as())),
        sent:
          ids.foreign.secrets.ticketCode +
          ids.foreign.secrets.ticketReference +
          ids.foreign.secrets.guestEmail +
          ids.foreign.secrets.paidOrderNumber,
      }),
      ...rest,
    });
  });
});

// The mail provider's delivery webhook: no session, the signature is the only check. A bounce of B's confirmation
// e-mail, as the provider would send it, signed wrongly in every way, changes nothing; signed rightly (the last
// case) it is applied, so the refusals above are the signature's doing.
const FEEDBACK_ID = `isolation-${randomBytes(6).toString('hex')}`;
const deliveryBody = () =>
  JSON.stringify({
    eventType: 'Bounce',
    mail: {
      timestamp: new Date().toISOString(),
      source: 'no-reply@kassa.localhost',
      messageId: `isolation-provider-${FEEDBACK_ID}`,
      destination: [b.secrets.guestEmail],
      tags: { kassaMessageId: [b.confirmationMessageId] },
    },
    bounce: {
      bounceType: 'Permanent',
      bounceSubType: 'General',
      feedbackId: FEEDBACK_ID,
      timestamp: new Date().toISOString(),
      bouncedRecipients: [{ emailAddress: b.secrets.guestEmail, diagnosticCode: 'smtp; 550 isolation' }],
    },
  });
const signed = (secret: string, body: string, at = Math.floor(Date.now() / 1000)) =>
  `t=${at},v1=${createHmac('sha256', secret).update(`${at}.`).update(body).digest('hex')}`;
const otherSecret = randomBytes(32).toString('base64url');

const webhookSignatures: Record<string, (body: string) => string | undefined> = {
  'no signature': () => undefined,
  'a signature under another secret': (body) => signed(otherSecret, body),
  'the right secret over another body': (body) =>
    signed(stack.emailWebhookSecret!, body.replace('Permanent', 'Transient')),
  'the right secret, an hour old': (body) =>
    signed(stack.emailWebhookSecret!, body, Math.floor(Date.now() / 1000) - 3_600),
  'a timestamp without a signature': () => `t=${Math.floor(Date.now() / 1000)}`,
};

describe('the e-mail delivery webhook (POST /api/webhooks/email, notifications HandleDeliveryEvent)', () => {
  let body: string;
  beforeAll(() => {
    body = deliveryBody();
  });

  it.each(Object.entries(webhookSignatures))('%s → 401, nothing changes', async (_name, signature) => {
    const before = await fingerprint();
    const header = signature(body);
    const response = await anonymous().call(
      'POST',
      '/api/webhooks/email',
      body,
      header === undefined ? {} : { 'kassa-signature': header },
    );
    expect({ status: response.status, revealed: revealed(response.body, body) }).toEqual({ status: 401, revealed: [] });
    expect(await fingerprint()).toBe(before);
  });

  it.each([
    ['under another secret', () => signed(otherSecret, body)],
    ['unsigned', () => ''],
  ])('HandleDeliveryEvent %s → UNAUTHENTICATED, nothing changes', async (_name, signature) => {
    await expectGrpcRefusedAndUnchanged(
      () => notifications.handleDeliveryEvent({ rawBody: Buffer.from(body), signature: signature() }),
      '',
      [status.UNAUTHENTICATED],
    );
  });

  it("the same body signed rightly is applied (so the refusals were the signature's)", async () => {
    const response = await anonymous().call('POST', '/api/webhooks/email', body, {
      'kassa-signature': signed(stack.emailWebhookSecret!, body),
    });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 200,
      body: { received: true, applied: 1 },
    });
    const { messages } = await notifications.listOrderMessages(
      { organisationId: b.orgId, orderId: b.paidOrderId },
      actor(ownerB.userId),
    );
    expect(messages.find(({ id }) => id === b.confirmationMessageId)).toMatchObject({ status: 'bounce' });
  });
});

describe("a guest's order and ticket routes: the access key is the capability, and no organiser data comes with it", () => {
  it("B's order tickets and ticket page, asked with their keys by a member of A or anonymously, hold no e-mail, no code, and change nothing", async () => {
    const before = await fingerprint();
    for (const api of [ownerA.api, anonymous()]) {
      const list = await api.call(
        'GET',
        `/api/orders/${b.paidOrderId}/tickets?key=${b.secrets.paidOrderKey}&locale=en`,
      );
      const tickets = (list.body as { tickets: { id: string }[] }).tickets;
      const withheld = [b.secrets.guestEmail, b.secrets.ticketCode].filter((text) =>
        JSON.stringify(list.body).includes(text),
      );
      expect({ status: list.status, tickets: tickets.map(({ id }) => id), withheld }).toEqual({
        status: 200,
        tickets: [b.paidTicketId],
        withheld: [],
      });
      const page = await api.call('GET', `/ticket/${b.paidTicketId}?key=${b.secrets.ticketKey}`);
      expect({ status: page.status, email: String(page.body).includes(b.secrets.guestEmail) }).toEqual({
        status: 200,
        email: false,
      });
    }
    // ticketing: an organiser's actor does not unlock the buyer's e-mail on the guest calls.
    const { tickets } = await ticketing.listOrderTickets(
      { orderId: b.paidOrderId, locale: 'en', orderAccessKey: b.secrets.paidOrderKey },
      actor(ownerA.userId),
    );
    const { ticket } = await ticketing.getTicket(
      { ticketId: b.paidTicketId, locale: 'en', accessKey: b.secrets.ticketKey },
      actor(ownerA.userId),
    );
    expect({ listed: tickets.map(({ email }) => email), single: ticket!.email }).toEqual({ listed: [''], single: '' });
    expect(await fingerprint()).toBe(before);
  });

  // Without B's keys the ids alone open nothing: no key, A's own keys (real, of another organisation's order and
  // ticket), or B's ticket key on B's order and B's order key on B's ticket. Not found, the same answer as for an
  // unknown id (the ticket list: empty, as for an order not paid yet), for a member of A or anonymously; and an
  // organiser's actor on the gRPC calls unlocks nothing either.
  it("without B's keys a member of A or an anonymous guest finds neither B's order, its tickets, its ticket page nor its payment", async () => {
    const before = await fingerprint();
    const orderKeys = { 'no key': '', "A's order key": a.secrets.paidOrderKey, "B's ticket key": b.secrets.ticketKey };
    const ticketKeys = { 'no key': '', "A's ticket key": a.secrets.ticketKey, "B's order key": b.secrets.paidOrderKey };
    const query = (key: string) => (key ? `?key=${key}` : '');
    const answers: Record<string, unknown> = {};
    const leaks: string[] = [];
    const ask = async (name: string, api: ApiSession, method: 'GET' | 'POST', path: string, body?: unknown) => {
      const answer = await api.call(method, path, body);
      answers[name] = answer.status === 200 ? { status: 200, body: answer.body } : answer.status;
      leaks.push(...revealed(answer.body, path).map((value) => `${name}: ${value}`));
    };
    for (const [who, api] of [
      ['A', ownerA.api],
      ['anonymous', anonymous()],
    ] as const) {
      for (const [keyName, key] of Object.entries(orderKeys)) {
        await ask(`${who}, ${keyName}: GET order`, api, 'GET', `/api/orders/${b.paidOrderId}${query(key)}`);
        await ask(
          `${who}, ${keyName}: GET order tickets`,
          api,
          'GET',
          `/api/orders/${b.paidOrderId}/tickets?${key ? `key=${key}&` : ''}locale=en`,
        );
        await ask(`${who}, ${keyName}: page order`, api, 'GET', `/order/${b.paidOrderId}${query(key)}`);
        await ask(
          `${who}, ${keyName}: page demo payment`,
          api,
          'GET',
          `/payments/demo/${b.heldPaymentId}${query(key)}`,
        );
        await ask(`${who}, ${keyName}: demo pay`, api, 'POST', `/api/payments/${b.heldPaymentId}/demo${query(key)}`, {
          action: 'pay',
          locale: 'en',
        });
        await ask(
          `${who}, ${keyName}: retry payment`,
          api,
          'POST',
          `/api/orders/${b.heldOrderId}/payments${query(key)}`,
          { idempotencyKey: newKey(), locale: 'en' },
        );
      }
      for (const [keyName, key] of Object.entries(ticketKeys)) {
        await ask(`${who}, ${keyName}: page ticket`, api, 'GET', `/ticket/${b.paidTicketId}${query(key)}`);
      }
    }
    const expected = Object.fromEntries(
      Object.keys(answers).map((name) => [
        name,
        name.endsWith(': GET order tickets') && !name.includes('no key') ? { status: 200, body: { tickets: [] } } : 404,
      ]),
    );
    expect({ answers, leaks }).toEqual({ answers: expected, leaks: [] });

    const as = actor(ownerA.userId);
    const grpcAnswers: Record<string, unknown> = {};
    const outcome = (promise: Promise<unknown>) =>
      promise.then(
        (answer) => ({ answered: answer }),
        (error: ServiceError) => error.code,
      );
    for (const [keyName, key] of Object.entries(orderKeys)) {
      grpcAnswers[`ordering GetGuestOrder, ${keyName}`] = await outcome(
        orders.getGuestOrder({ orderId: b.paidOrderId, accessKey: key }, as),
      );
      grpcAnswers[`ticketing ListOrderTickets, ${keyName}`] = await outcome(
        ticketing.listOrderTickets({ orderId: b.paidOrderId, locale: 'en', orderAccessKey: key }, as),
      );
      grpcAnswers[`payments GetPayment, ${keyName}`] = await outcome(
        payments.getPayment({ paymentId: b.paidPaymentId, orderAccessKey: key }, as),
      );
    }
    for (const [keyName, key] of Object.entries(ticketKeys)) {
      grpcAnswers[`ticketing GetTicket, ${keyName}`] = await outcome(
        ticketing.getTicket({ ticketId: b.paidTicketId, locale: 'en', accessKey: key }, as),
      );
    }
    expect(grpcAnswers).toEqual(
      Object.fromEntries(
        Object.keys(grpcAnswers).map((name) => [
          name,
          name.startsWith('ticketing ListOrderTickets') ? { answered: { tickets: [] } } : status.NOT_FOUND,
        ]),
      ),
    );
    expect(await fingerprint()).toBe(before);
  });
});

// Last, because they change A's data: the same doors and routes work for A's own ticket and order, so every
// "invalid" and every refusal above came from whose ids they were, not from a scanner or route that admits nobody.
describe("controls: A's own ticket and order", () => {
  it("A's scan link admits A's ticket; B's ticket stays unused", async () => {
    const scan = await anonymous().call('POST', '/api/scan', {
      secret: a.secrets.scanSecret,
      code: a.secrets.ticketCode,
      nonce: newNonce(),
      deviceId: DEVICE_ID,
    });
    expect({ status: scan.status, body: scan.body }).toMatchObject({
      status: 200,
      body: { result: 'valid', ticket: { reference: a.secrets.ticketReference } },
    });
    const { ticket } = await ticketing.getTicket({
      ticketId: b.paidTicketId,
      locale: 'en',
      accessKey: b.secrets.ticketKey,
    });
    expect({ status: ticket!.status, checkedIn: ticket!.access.map(({ checkedInAt }) => checkedInAt ?? null) }).toEqual(
      { status: 'created', checkedIn: [null] },
    );
    const { rows } = await ticketingDatabase().query<{ count: string }>(
      'select count(*) from check_in where organisation_id = $1',
      [b.orgId],
    );
    expect(rows[0]!.count).toBe('0');
  });

  it("A's owner resends A's confirmation", async () => {
    const resent = await ownerA.api.call(
      'POST',
      `/api/organisations/${a.orgId}/orders/${a.paidOrderId}/resend-confirmation`,
      { idempotencyKey: newKey() },
    );
    expect({ status: resent.status, created: (resent.body as { created?: boolean }).created }).toEqual({
      status: 200,
      created: true,
    });
  });
});

// The table's own completeness: every organiser route handler (under /api/organisations/{orgId}) and every scan-link
// route handler of the BFF is aimed at by at least one case above, so that a route added later without a case fails.
describe('the table', () => {
  it('aims at every organiser and scan-link route of the BFF', () => {
    const ids = freshIds();
    const routes: HttpCase[] = [
      ...Object.values(crossTenantRoutes),
      ...Object.values(withoutPermissionRoutes),
      ...Object.values(answeredRoutes),
      ...Object.values(refusedLinkRoutes),
      ...Object.values(anonymousRoutes),
      ...Object.values(withoutPermissionTicketRoutes),
    ];
    const aimedAt = routes.map((route) => `${route.method} ${route.path(ids).split('?')[0]}`);
    const handlers = bffRoutes().filter(({ path }) => /^\/api\/(organisations\/\[orgId\]|scan)(\/|$)/.test(path));
    const missing = handlers.flatMap(({ path, pattern, methods }) =>
      methods
        .filter(
          (method) =>
            !aimedAt.some((aimed) => aimed.startsWith(`${method} `) && pattern.test(aimed.slice(method.length + 1))),
        )
        .map((method) => `${method} ${path}`),
    );
    expect({ handlers: handlers.length > 20, missing }).toEqual({ handlers: true, missing: [] });
  });
});

// `npm run verify`, section "authorisation": how many cases this table checked and how many failed (a failed case is a
// cross-tenant success, or a gap in the table). A case's failure is read from jest-circus's state (its errors so far,
// as afterEach runs); were that state ever not found, every case counts as failed, so the figure cannot pass silently.
const tally = { cases: 0, failed: 0 };
const circusState = () => {
  const symbol = Object.getOwnPropertySymbols(globalThis).find(
    (candidate) => candidate.description === 'JEST_STATE_SYMBOL',
  );
  return symbol
    ? (globalThis as unknown as Record<symbol, { currentlyRunningTest?: { errors: unknown[] } | null }>)[symbol]
    : undefined;
};
afterEach(() => {
  const running = circusState()?.currentlyRunningTest;
  tally.cases += 1;
  if (!running || running.errors.length > 0) tally.failed += 1;
});
afterAll(() => {
  const tables = [
    crossTenantRoutes,
    withoutPermissionRoutes,
    crossTenantCalls,
    withoutPermissionCalls,
    answeredRoutes,
    refusedLinkRoutes,
    anonymousRoutes,
    withoutPermissionTicketRoutes,
    withoutPermissionTicketCalls,
    refusedLinkCalls,
    answeredCalls,
    webhookSignatures,
  ];
  const rows = tables.reduce((count, table) => count + Object.keys(table).length, anonymousCalls.length);
  recordFigures('authorisation', [
    mustBeAtLeast('authorisation', 'tenant-isolation table: cases checked', tally.cases, rows),
    mustBeZero('authorisation', 'tenant-isolation table: cross-tenant successes (failed cases)', tally.failed),
  ]);
});
