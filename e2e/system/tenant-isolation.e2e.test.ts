// Tenant isolation, as one table that every step extends: each organiser route of the BFF and each organisation-scoped
// gRPC method, called by a member of organisation A with organisation B's ids (in the path, the body and the query)
// and by a member of A who lacks the permission. Every answer must be 403 or 404 (gRPC: PERMISSION_DENIED or
// NOT_FOUND), and none of identity's, catalog's, ordering's and payments' databases may change in any way.
// Both organisations sell in a shop that is open now: guests bought there through the BFF's checkout API, so that
// every order route and method has a real paid order (refund) and a real held one (cancel) of each to aim at.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ServiceError, status } from '@grpc/grpc-js';
import { Client } from 'pg';
import { createGrpcClient } from '@kassa/platform/grpc';
import { EventServiceClient } from '@kassa/proto/catalog/v1/events';
import { ShopServiceClient } from '@kassa/proto/catalog/v1/shops';
import { OrganisationServiceClient } from '@kassa/proto/identity/v1/organisations';
import { OrderServiceClient } from '@kassa/proto/ordering/v1/orders';
import { PaymentServiceClient } from '@kassa/proto/payments/v1/payments';
import { ApiSession } from '../support/api';
import { type SignedInAccount, signUpViaApi, testAddress } from '../support/accounts';
import { waitForMessagesTo } from '../support/mail';
import { stackInfo } from '../support/stack-info';

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
}

let ownerA: SignedInAccount;
let scannerA: SignedInAccount;
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
  translations: [],
};
const TICKET_OPTION = { name: 'Regular', description: '', capacity: 100, translations: [] };
// Valid bodies, so that a refusal can only come from whose ids they are.
const SHOP = { name: 'Isolation shop', description: '', opensAt: '2031-04-01T00:00:00.000Z', closesAt: '2031-05-01T00:00:00.000Z', currency: 'EUR', translations: [] };
const shopItem = (ticketOptionId: string) => ({ ticketOptionId, extraEventIds: [], name: '', priceMinor: 1_000 });
const DISCOUNT_CODE = { code: 'TAKEN10', type: 'percentage', value: 10, itemIds: [] };

/** Creates an organisation with an event, a ticket option, a pending invitation, shops and orders, as its owner (and a guest). */
async function createTenant(account: SignedInAccount, name: string): Promise<Tenant> {
  const { api: owner, userId } = account;
  const created = expectOk(await owner.call('POST', '/api/organisations', { name, description: '', currency: 'EUR', defaultLocale: 'en' }), 'create organisation');
  const { id: orgId, memberId: ownerMemberId } = (created as { organisation: { id: string; memberId: string } }).organisation;
  const event = expectOk(await owner.call('POST', `/api/organisations/${orgId}/events`, EVENT), 'create event') as { event: { id: string } };
  const option = expectOk(await owner.call('POST', `/api/organisations/${orgId}/events/${event.event.id}/ticket-options`, TICKET_OPTION), 'create ticket option') as {
    ticketOption: { id: string };
  };
  const invited = expectOk(
    await owner.call('POST', `/api/organisations/${orgId}/members`, { email: testAddress('pending'), firstName: 'Pat', lastName: 'Pending', permissions: ['checkin'] }),
    'invite',
  ) as { invitation: { id: string } };
  // Shops are set up through catalog's gRPC API as the owner, as the BFF would.
  const { shop } = await shops.createShop({ organisationId: orgId, fields: shopFields() }, actor(userId));
  const { item } = await shops.createShopItem({ organisationId: orgId, shopId: shop!.id, fields: itemFields(option.ticketOption.id) }, actor(userId));
  const { discountCode } = await shops.createDiscountCode({ organisationId: orgId, shopId: shop!.id, fields: codeFields([]) }, actor(userId));
  const sale = await openForSale(account, orgId, event.event.id, option.ticketOption.id);
  return {
    orgId, eventId: event.event.id, ticketOptionId: option.ticketOption.id, ownerMemberId, invitationId: invited.invitation.id,
    shopId: shop!.id, itemId: item!.id, discountCodeId: discountCode!.id, ...sale,
  };
}

const guest = new ApiSession(stack.bffUrl);
const newKey = () => `isolation-${randomBytes(8).toString('hex')}`;

async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

/**
 * Publishes the event and opens a second shop for its ticket option now, with a long hold (60 minutes, so that no
 * hold ends while the table runs), then places two orders as an anonymous guest through the BFF and pays one on
 * the demo provider's page; waits until ordering shows one paid and the other pending.
 */
async function openForSale({ api: owner, userId }: SignedInAccount, orgId: string, eventId: string, ticketOptionId: string) {
  expectOk(await owner.call('POST', `/api/organisations/${orgId}/events/${eventId}/publish`), 'publish event');
  const opensAt = new Date(Date.now() + 2_000);
  const fields = { ...shopFields(), name: 'Isolation box office', opensAt, closesAt: new Date(opensAt.getTime() + 86_400_000), reservationMinutes: 60 };
  const { shop } = await shops.createShop({ organisationId: orgId, fields }, actor(userId));
  const { item } = await shops.createShopItem({ organisationId: orgId, shopId: shop!.id, fields: itemFields(ticketOptionId) }, actor(userId));
  await shops.publishShop({ organisationId: orgId, shopId: shop!.id }, actor(userId));
  const email = testAddress('isolation-guest');
  const checkout = () => {
    const body = { items: [{ itemId: item!.id, quantity: 1 }], email, subscribe: false, discountCode: '', donationMinor: 0, idempotencyKey: newKey(), locale: 'en' };
    return eventually('the shop to take orders', async () => {
      const answer = await guest.call('POST', `/api/shops/${shop!.id}/checkout`, body);
      if (answer.status === 201 || answer.status === 200) return answer.body as { orderId: string; status: string; redirectUrl: string };
      // Not open yet, or ordering has not learnt of the shop yet.
      if (answer.status === 404 || answer.status === 409 || JSON.stringify(answer.body).includes('not on sale yet')) return undefined;
      throw new Error(`checkout answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    });
  };
  const demoPaymentId = (redirectUrl: string) => {
    const id = /\/payments\/demo\/(pay_[0-9A-Za-z]+)/.exec(redirectUrl)?.[1];
    if (!id) throw new Error(`not a demo payment page: ${redirectUrl}`);
    return id;
  };
  const orderReaches = (orderId: string, wanted: string) =>
    eventually(`order ${orderId} ${wanted}`, async () => {
      const { order } = expectOk(await guest.call('GET', `/api/orders/${orderId}`), 'guest order') as { order: { status: string } };
      return order.status === wanted ? true : undefined;
    });
  const paid = await checkout();
  const held = await checkout();
  const paidPaymentId = demoPaymentId(paid.redirectUrl);
  expectOk(await guest.call('POST', `/api/payments/${paidPaymentId}/demo`, { action: 'pay', locale: 'en' }), 'demo pay');
  await orderReaches(paid.orderId, 'paid');
  await orderReaches(held.orderId, 'pending');
  return {
    saleShopId: shop!.id, saleItemId: item!.id,
    paidOrderId: paid.orderId, paidPaymentId, heldOrderId: held.orderId, heldPaymentId: demoPaymentId(held.redirectUrl),
  };
}

const shopFields = () => ({
  name: 'Isolation shop', description: '', opensAt: new Date('2031-04-01T00:00:00Z'), closesAt: new Date('2031-05-01T00:00:00Z'),
  translations: [], currency: 'EUR', password: undefined, donation: { enabled: false, suggestedAmountsMinor: [], allowCustomAmount: false }, reservationMinutes: 0,
});
const itemFields = (ticketOptionId: string, extraEventIds: string[] = []) => ({
  ticketOptionId, extraEventIds, name: '', priceMinor: 1_000, saleStart: undefined, saleEnd: undefined, maxPerOrder: undefined, position: 0,
});
const codeFields = (itemIds: string[]) => ({ code: `ISO${Math.floor(Math.random() * 1e6)}`, type: 'percentage', value: 10, validFrom: undefined, validUntil: undefined, maxUses: undefined, itemIds });

const organisations = createGrpcClient(OrganisationServiceClient, stack.identityGrpc!, { deadlineMs: 5_000 });
const catalog = createGrpcClient(EventServiceClient, stack.catalogGrpc!, { deadlineMs: 5_000 });
const shops = createGrpcClient(ShopServiceClient, stack.catalogGrpc!, { deadlineMs: 5_000 });
const orders = createGrpcClient(OrderServiceClient, stack.orderingGrpc!, { deadlineMs: 5_000 });
const payments = createGrpcClient(PaymentServiceClient, stack.paymentsGrpc!, { deadlineMs: 5_000 });
const actor = (userId: string) => ({ actorUserId: userId });

// What background work may change while a case runs: a session's last use (every request), expired sign-in state
// purged by identity's job, and the relay marking earlier outbox rows published (so the outbox counts by id only).
const IGNORED_TABLES = ['sessions', 'sign_in_challenges', 'oidc_login_states', 'mikro_orm_migrations'];
const ROW_TEXT: Record<string, string> = { outbox: "t.id || t.subject || encode(t.payload, 'hex')", inbox: "t.consumer || t.message_id" };
// ordering's and payments' rows are fingerprinted only where they name one of the two organisations' ids (any
// column; an outbox row by its payload). Orders of the other test files on this shared stack expire, and payments
// closes their attempts, while this file runs, by themselves; every write a leak could make names the order, shop,
// payment or organisation it reached, so it is still seen. Their inbox rows name only message ids, which is why
// they drop out: consumers write them for those other files' events (the effects they guard are fingerprinted).
const TENANT_SCOPED_SERVICES = ['ordering', 'payments'];
const SCOPE_TEXT: Record<string, string> = { outbox: "t.subject || encode(t.payload, 'escape')" };

/** Every row of every table of identity and catalog, and of ordering and payments the rows of A and B, as one digest per table. */
async function fingerprint(): Promise<string> {
  const parts: string[] = [];
  const tenantIds = [a, b].flatMap((tenant) => Object.values(tenant));
  for (const { service, client } of databases) {
    const { rows: tables } = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and not (table_name = any($1)) order by 1",
      [IGNORED_TABLES],
    );
    const scoped = TENANT_SCOPED_SERVICES.includes(service);
    for (const { name } of tables) {
      const row = ROW_TEXT[name] ?? 't::text';
      const where = scoped ? `where exists (select 1 from unnest($1::text[]) id where strpos(${SCOPE_TEXT[name] ?? 't::text'}, id) > 0)` : '';
      const { rows } = await client.query<{ digest: string | null }>(`select md5(string_agg(${row}, '|' order by ${row})) as digest from "${name}" t ${where}`, scoped ? [tenantIds] : []);
      parts.push(`${service}.${name}:${rows[0]!.digest ?? '-'}`);
    }
  }
  return parts.join('\n');
}

/** Waits until the databases stop changing: the last consumers of the set-up's events (catalog's projection in ordering, the payment saga) are done. */
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
    const service = /_(identity|catalog|ordering|payments)$/.exec(name)?.[1];
    if (!service) continue;
    const client = new Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${name}` });
    await client.connect();
    databases.push({ service, client });
  }
  expect(databases.map(({ service }) => service).sort()).toEqual(['catalog', 'identity', 'ordering', 'payments']);
  ownerA = await signUpViaApi(stack.bffUrl, stack.mailInboxUrl, testAddress('owner-a'), 'Owner A');
  ownerB = await signUpViaApi(stack.bffUrl, stack.mailInboxUrl, testAddress('owner-b'), 'Owner B');
  a = await createTenant(ownerA, 'Tenant A');
  b = await createTenant(ownerB, 'Tenant B');

  // A colleague in A who may only scan tickets: invited by e-mail, accepted through the link.
  const scannerEmail = testAddress('scanner-a');
  expectOk(await ownerA.api.call('POST', `/api/organisations/${a.orgId}/members`, { email: scannerEmail, firstName: 'Sam', lastName: 'Scanner', permissions: ['checkin'] }), 'invite scanner');
  const [invitation] = await waitForMessagesTo(stack.mailInboxUrl, scannerEmail);
  const token = /account\/invitations\/([A-Za-z0-9_-]{20,})/.exec(invitation!.text)?.[1];
  if (!token) throw new Error('no invitation link in the e-mail');
  scannerA = await signUpViaApi(stack.bffUrl, stack.mailInboxUrl, scannerEmail, 'Sam Scanner');
  expectOk(await scannerA.api.call('POST', `/api/invitations/${token}/accept`), 'accept invitation');
  await settled();
}, 300_000);

afterAll(async () => {
  await Promise.all(databases.map(({ client }) => client.end()));
});

type Ids = { own: Tenant; foreign: Tenant };
interface HttpCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
}

// Organiser routes with another organisation's ids: its organisation in the path, or ours with its resource ids.
const crossTenantRoutes: Record<string, HttpCase> = {
  'page: organisation overview': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}` },
  'page: events': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/events?q=Isolation&status=draft` },
  'page: event (their organisation)': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/events/${foreign.eventId}` },
  'page: event (our organisation, their event)': { method: 'GET', path: ({ own, foreign }) => `/o/${own.orgId}/events/${foreign.eventId}` },
  'page: event tab in the query (our organisation, their event)': { method: 'GET', path: ({ own, foreign }) => `/o/${own.orgId}/events/${foreign.eventId}?tab=history` },
  'page: event settings (our organisation, their event)': { method: 'GET', path: ({ own, foreign }) => `/o/${own.orgId}/events/${foreign.eventId}/settings` },
  'page: event scan (our organisation, their event)': { method: 'GET', path: ({ own, foreign }) => `/o/${own.orgId}/events/${foreign.eventId}/scan` },
  'page: settings': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/settings` },
  'page: members': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/settings/members?q=Owner` },
  'page: shops': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/shops` },
  'page: orders': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/orders` },
  'page: payments': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/payments` },
  'update organisation': { method: 'PATCH', path: ({ foreign }) => `/api/organisations/${foreign.orgId}`, body: () => ({ name: 'Taken over', description: '', currency: 'EUR', defaultLocale: 'en' }) },
  'invite member': { method: 'POST', path: ({ foreign }) => `/api/organisations/${foreign.orgId}/members`, body: () => ({ email: testAddress('intruder'), firstName: 'I', lastName: 'N', permissions: ['owner'] }) },
  'update member (their organisation)': { method: 'PATCH', path: ({ foreign }) => `/api/organisations/${foreign.orgId}/members/${foreign.ownerMemberId}`, body: () => ({ firstName: 'X', lastName: 'Y', permissions: ['checkin'] }) },
  'update member (our organisation, their member)': { method: 'PATCH', path: ({ own, foreign }) => `/api/organisations/${own.orgId}/members/${foreign.ownerMemberId}`, body: () => ({ firstName: 'X', lastName: 'Y', permissions: ['checkin'] }) },
  'remove member (their organisation)': { method: 'DELETE', path: ({ foreign }) => `/api/organisations/${foreign.orgId}/members/${foreign.ownerMemberId}` },
  'remove member (our organisation, their member)': { method: 'DELETE', path: ({ own, foreign }) => `/api/organisations/${own.orgId}/members/${foreign.ownerMemberId}` },
  'revoke invitation (their organisation)': { method: 'DELETE', path: ({ foreign }) => `/api/organisations/${foreign.orgId}/invitations/${foreign.invitationId}` },
  'revoke invitation (our organisation, their invitation)': { method: 'DELETE', path: ({ own, foreign }) => `/api/organisations/${own.orgId}/invitations/${foreign.invitationId}` },
  'create event': { method: 'POST', path: ({ foreign }) => `/api/organisations/${foreign.orgId}/events`, body: () => EVENT },
  'update event (their organisation)': { method: 'PUT', path: ({ foreign }) => `/api/organisations/${foreign.orgId}/events/${foreign.eventId}`, body: () => EVENT },
  'update event (our organisation, their event)': { method: 'PUT', path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${foreign.eventId}`, body: () => EVENT },
  'publish event (their organisation)': { method: 'POST', path: ({ foreign }) => `/api/organisations/${foreign.orgId}/events/${foreign.eventId}/publish` },
  'publish event (our organisation, their event)': { method: 'POST', path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${foreign.eventId}/publish` },
  'convert event to draft (our organisation, their event)': { method: 'POST', path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${foreign.eventId}/convert-to-draft` },
  'delete event (their organisation)': { method: 'DELETE', path: ({ foreign }) => `/api/organisations/${foreign.orgId}/events/${foreign.eventId}` },
  'delete event (our organisation, their event)': { method: 'DELETE', path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${foreign.eventId}` },
  'create ticket option (their organisation)': { method: 'POST', path: ({ foreign }) => `/api/organisations/${foreign.orgId}/events/${foreign.eventId}/ticket-options`, body: () => TICKET_OPTION },
  'create ticket option (our organisation, their event)': { method: 'POST', path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${foreign.eventId}/ticket-options`, body: () => TICKET_OPTION },
  'update ticket option (their organisation)': {
    method: 'PUT',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/events/${foreign.eventId}/ticket-options/${foreign.ticketOptionId}`,
    body: () => TICKET_OPTION,
  },
  'update ticket option (our organisation and event, their option)': {
    method: 'PUT',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${own.eventId}/ticket-options/${foreign.ticketOptionId}`,
    body: () => TICKET_OPTION,
  },
  'update ticket option (our organisation, their event and option)': {
    method: 'PUT',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${foreign.eventId}/ticket-options/${foreign.ticketOptionId}`,
    body: () => TICKET_OPTION,
  },
  'delete ticket option (their organisation)': {
    method: 'DELETE',
    path: ({ foreign }) => `/api/organisations/${foreign.orgId}/events/${foreign.eventId}/ticket-options/${foreign.ticketOptionId}`,
  },
  'delete ticket option (our organisation and event, their option)': {
    method: 'DELETE',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${own.eventId}/ticket-options/${foreign.ticketOptionId}`,
  },
  'delete ticket option (our organisation, their event and option)': {
    method: 'DELETE',
    path: ({ own, foreign }) => `/api/organisations/${own.orgId}/events/${foreign.eventId}/ticket-options/${foreign.ticketOptionId}`,
  },
  'page: shops list': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/shops?q=Isolation` },
  'page: shop (their organisation)': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/shops/${foreign.shopId}` },
  'page: shop (our organisation, their shop)': { method: 'GET', path: ({ own, foreign }) => `/o/${own.orgId}/shops/${foreign.shopId}?tab=items` },
  'page: shop settings (our organisation, their shop)': { method: 'GET', path: ({ own, foreign }) => `/o/${own.orgId}/shops/${foreign.shopId}/settings` },
  'page: shop dashboard': { method: 'GET', path: ({ foreign }) => `/s/${foreign.shopId}/dashboard` },
  'page: shop orders': { method: 'GET', path: ({ foreign }) => `/s/${foreign.shopId}/orders` },
  'page: shop tickets': { method: 'GET', path: ({ foreign }) => `/s/${foreign.shopId}/tickets` },
  'page: shop settings': { method: 'GET', path: ({ foreign }) => `/s/${foreign.shopId}/settings` },
  'create shop': { method: 'POST', path: ({ foreign }) => `/api/organisations/${foreign.orgId}/shops`, body: () => ({}) },
  'update shop (their organisation)': { method: 'PUT', path: ({ foreign }) => `/api/organisations/${foreign.orgId}/shops/${foreign.shopId}`, body: () => ({}) },
  'update shop (our organisation, their shop)': { method: 'PUT', path: ({ own, foreign }) => `/api/organisations/${own.orgId}/shops/${foreign.shopId}`, body: () => SHOP },
  'delete shop (our organisation, their shop)': { method: 'DELETE', path: ({ own, foreign }) => `/api/organisations/${own.orgId}/shops/${foreign.shopId}` },
  'publish shop (our organisation, their shop)': { method: 'POST', path: ({ own, foreign }) => `/api/organisations/${own.orgId}/shops/${foreign.shopId}/publish` },
  'convert shop to draft (their organisation)': { method: 'POST', path: ({ foreign }) => `/api/organisations/${foreign.orgId}/shops/${foreign.shopId}/convert-to-draft` },
  'create shop item (our organisation, their shop)': { method: 'POST', path: ({ own, foreign }) => `/api/organisations/${own.orgId}/shops/${foreign.shopId}/items`, body: ({ own }) => shopItem(own.ticketOptionId) },
  'create shop item (our shop, their ticket option in the body)': { method: 'POST', path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/items`, body: ({ foreign }) => shopItem(foreign.ticketOptionId) },
  'update shop item (our shop, their item)': { method: 'PUT', path: ({ own, foreign }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/items/${foreign.itemId}`, body: ({ own }) => shopItem(own.ticketOptionId) },
  'delete shop item (our shop, their item)': { method: 'DELETE', path: ({ own, foreign }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/items/${foreign.itemId}` },
  'delete shop item (their organisation)': { method: 'DELETE', path: ({ foreign }) => `/api/organisations/${foreign.orgId}/shops/${foreign.shopId}/items/${foreign.itemId}` },
  'create discount code (their organisation)': { method: 'POST', path: ({ foreign }) => `/api/organisations/${foreign.orgId}/shops/${foreign.shopId}/discount-codes`, body: () => ({}) },
  'update discount code (our shop, their code)': { method: 'PUT', path: ({ own, foreign }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/discount-codes/${foreign.discountCodeId}`, body: () => DISCOUNT_CODE },
  'create discount code (our shop, their item in the body)': { method: 'POST', path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/discount-codes`, body: ({ foreign }) => ({ ...DISCOUNT_CODE, itemIds: [foreign.itemId] }) },
  'delete discount code (our shop, their code)': { method: 'DELETE', path: ({ own, foreign }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/discount-codes/${foreign.discountCodeId}` },
  'page: orders (their organisation, their shop and status in the query)': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/orders?shop=${foreign.saleShopId}&status=paid` },
  'page: order (their organisation)': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/orders/${foreign.paidOrderId}` },
  'page: order (our organisation, their order)': { method: 'GET', path: ({ own, foreign }) => `/o/${own.orgId}/orders/${foreign.paidOrderId}` },
  'page: shop orders (their open shop)': { method: 'GET', path: ({ foreign }) => `/s/${foreign.saleShopId}/orders` },
  'page: payments (their organisation, status in the query)': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/payments?status=paid` },
  'page: payments settings': { method: 'GET', path: ({ foreign }) => `/o/${foreign.orgId}/settings/payments` },
  'cancel order (their organisation)': { method: 'POST', path: ({ foreign }) => `/api/organisations/${foreign.orgId}/orders/${foreign.heldOrderId}/cancel` },
  'cancel order (our organisation, their order)': { method: 'POST', path: ({ own, foreign }) => `/api/organisations/${own.orgId}/orders/${foreign.heldOrderId}/cancel` },
  'refund order (their organisation)': { method: 'POST', path: ({ foreign }) => `/api/organisations/${foreign.orgId}/orders/${foreign.paidOrderId}/refund`, body: () => ({ full: true, idempotencyKey: newKey() }) },
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
};

// Routes a member of A who may only scan must not use in A itself (they may read, not change).
const withoutPermissionRoutes: Record<string, HttpCase> = {
  'update organisation': { method: 'PATCH', path: ({ own }) => `/api/organisations/${own.orgId}`, body: () => ({ name: 'Renamed', description: '', currency: 'EUR', defaultLocale: 'en' }) },
  'invite member': { method: 'POST', path: ({ own }) => `/api/organisations/${own.orgId}/members`, body: () => ({ email: testAddress('friend'), firstName: 'F', lastName: 'R', permissions: ['owner'] }) },
  'update member': { method: 'PATCH', path: ({ own }) => `/api/organisations/${own.orgId}/members/${own.ownerMemberId}`, body: () => ({ firstName: 'X', lastName: 'Y', permissions: ['checkin'] }) },
  'remove member': { method: 'DELETE', path: ({ own }) => `/api/organisations/${own.orgId}/members/${own.ownerMemberId}` },
  'revoke invitation': { method: 'DELETE', path: ({ own }) => `/api/organisations/${own.orgId}/invitations/${own.invitationId}` },
  'create event': { method: 'POST', path: ({ own }) => `/api/organisations/${own.orgId}/events`, body: () => EVENT },
  'update event': { method: 'PUT', path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}`, body: () => EVENT },
  'publish event': { method: 'POST', path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/publish` },
  'convert event to draft': { method: 'POST', path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/convert-to-draft` },
  'delete event': { method: 'DELETE', path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}` },
  'create ticket option': { method: 'POST', path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/ticket-options`, body: () => TICKET_OPTION },
  'update ticket option': { method: 'PUT', path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/ticket-options/${own.ticketOptionId}`, body: () => TICKET_OPTION },
  'delete ticket option': { method: 'DELETE', path: ({ own }) => `/api/organisations/${own.orgId}/events/${own.eventId}/ticket-options/${own.ticketOptionId}` },
  'create shop': { method: 'POST', path: ({ own }) => `/api/organisations/${own.orgId}/shops`, body: () => ({}) },
  'update shop': { method: 'PUT', path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}`, body: () => ({}) },
  'delete shop': { method: 'DELETE', path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}` },
  'publish shop': { method: 'POST', path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/publish` },
  'convert shop to draft': { method: 'POST', path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/convert-to-draft` },
  'create shop item': { method: 'POST', path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/items`, body: () => ({}) },
  'update shop item': { method: 'PUT', path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/items/${own.itemId}`, body: () => ({}) },
  'delete shop item': { method: 'DELETE', path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/items/${own.itemId}` },
  'create discount code': { method: 'POST', path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/discount-codes`, body: () => ({}) },
  'update discount code': { method: 'PUT', path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/discount-codes/${own.discountCodeId}`, body: () => ({}) },
  'delete discount code': { method: 'DELETE', path: ({ own }) => `/api/organisations/${own.orgId}/shops/${own.shopId}/discount-codes/${own.discountCodeId}` },
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
  'cancel order': { method: 'POST', path: ({ own }) => `/api/organisations/${own.orgId}/orders/${own.heldOrderId}/cancel` },
  'refund order in full': { method: 'POST', path: ({ own }) => `/api/organisations/${own.orgId}/orders/${own.paidOrderId}/refund`, body: () => ({ full: true, idempotencyKey: newKey() }) },
  'refund order in part': { method: 'POST', path: ({ own }) => `/api/organisations/${own.orgId}/orders/${own.paidOrderId}/refund`, body: () => ({ full: false, amountMinor: 100, idempotencyKey: newKey() }) },
};

async function expectRefusedAndUnchanged(api: ApiSession, route: HttpCase, allowed: number[]) {
  const before = await fingerprint();
  const ids = { own: a, foreign: b };
  const response = await api.call(route.method, route.path(ids), route.body?.(ids));
  expect({ status: response.status, refused: allowed.includes(response.status) }).toEqual({ status: response.status, refused: true });
  expect(await fingerprint()).toBe(before);
}

it('the fingerprint sees ordering\'s and payments\' rows of both organisations', async () => {
  const digests = new Map((await fingerprint()).split('\n').map((line) => line.split(':') as [string, string]));
  const guarded = ['ordering.orders', 'ordering.order_line', 'ordering.order_history', 'ordering.order_payment', 'ordering.shop', 'ordering.quota_bucket', 'ordering.outbox', 'payments.payment_attempt', 'payments.outbox'];
  expect(guarded.filter((table) => (digests.get(table) ?? '-') === '-')).toEqual([]);
});

describe('a member of organisation A using organisation B\'s ids', () => {
  it.each(Object.entries(crossTenantRoutes))('%s → 404 (or 403), nothing changes', async (_name, route) => {
    await expectRefusedAndUnchanged(ownerA.api, route, [403, 404]);
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
const fullRefund = () => ({ full: true, amountMinor: 0, idempotencyKey: newKey() });
const partRefund = () => ({ full: false, amountMinor: 100, idempotencyKey: newKey() });

const crossTenantCalls: Record<string, GrpcCall> = {
  'identity GetOrganisation': ({ foreign }, m) => organisations.getOrganisation({ organisationId: foreign.orgId }, m),
  'identity UpdateOrganisation': ({ foreign }, m) => organisations.updateOrganisation({ organisationId: foreign.orgId, name: 'Taken', description: '', currency: 'EUR', defaultLocale: 'en' }, m),
  'identity ListMembers': ({ foreign }, m) => organisations.listMembers({ organisationId: foreign.orgId, query: '', page: undefined }, m),
  'identity InviteMember': ({ foreign }, m) => organisations.inviteMember({ organisationId: foreign.orgId, email: testAddress('intruder'), firstName: '', lastName: '', permissions: ['owner'], locale: 'en' }, m),
  'identity RevokeInvitation (their organisation)': ({ foreign }, m) => organisations.revokeInvitation({ organisationId: foreign.orgId, invitationId: foreign.invitationId }, m),
  'identity RevokeInvitation (our organisation, their invitation)': ({ own, foreign }, m) => organisations.revokeInvitation({ organisationId: own.orgId, invitationId: foreign.invitationId }, m),
  'identity UpdateMember (their organisation)': ({ foreign }, m) => organisations.updateMember({ organisationId: foreign.orgId, memberId: foreign.ownerMemberId, ...member }, m),
  'identity UpdateMember (our organisation, their member)': ({ own, foreign }, m) => organisations.updateMember({ organisationId: own.orgId, memberId: foreign.ownerMemberId, ...member }, m),
  'identity RemoveMember (their organisation)': ({ foreign }, m) => organisations.removeMember({ organisationId: foreign.orgId, memberId: foreign.ownerMemberId }, m),
  'identity RemoveMember (our organisation, their member)': ({ own, foreign }, m) => organisations.removeMember({ organisationId: own.orgId, memberId: foreign.ownerMemberId }, m),
  'catalog CreateEvent': ({ foreign }, m) => catalog.createEvent({ organisationId: foreign.orgId, fields: event }, m),
  'catalog GetEvent (their organisation)': ({ foreign }, m) => catalog.getEvent({ organisationId: foreign.orgId, eventId: foreign.eventId }, m),
  'catalog GetEvent (our organisation, their event)': ({ own, foreign }, m) => catalog.getEvent({ organisationId: own.orgId, eventId: foreign.eventId }, m),
  'catalog ListEvents': ({ foreign }, m) => catalog.listEvents({ organisationId: foreign.orgId, query: '', statuses: [], page: undefined }, m),
  'catalog UpdateEvent (their organisation)': ({ foreign }, m) => catalog.updateEvent({ organisationId: foreign.orgId, eventId: foreign.eventId, fields: event }, m),
  'catalog UpdateEvent (our organisation, their event)': ({ own, foreign }, m) => catalog.updateEvent({ organisationId: own.orgId, eventId: foreign.eventId, fields: event }, m),
  'catalog PublishEvent (their organisation)': ({ foreign }, m) => catalog.publishEvent({ organisationId: foreign.orgId, eventId: foreign.eventId }, m),
  'catalog PublishEvent (our organisation, their event)': ({ own, foreign }, m) => catalog.publishEvent({ organisationId: own.orgId, eventId: foreign.eventId }, m),
  'catalog ConvertEventToDraft (our organisation, their event)': ({ own, foreign }, m) => catalog.convertEventToDraft({ organisationId: own.orgId, eventId: foreign.eventId }, m),
  'catalog DeleteEvent (their organisation)': ({ foreign }, m) => catalog.deleteEvent({ organisationId: foreign.orgId, eventId: foreign.eventId }, m),
  'catalog DeleteEvent (our organisation, their event)': ({ own, foreign }, m) => catalog.deleteEvent({ organisationId: own.orgId, eventId: foreign.eventId }, m),
  'catalog CreateTicketOption (their organisation)': ({ foreign }, m) => catalog.createTicketOption({ organisationId: foreign.orgId, eventId: foreign.eventId, fields: option }, m),
  'catalog CreateTicketOption (our organisation, their event)': ({ own, foreign }, m) => catalog.createTicketOption({ organisationId: own.orgId, eventId: foreign.eventId, fields: option }, m),
  'catalog UpdateTicketOption (their organisation)': ({ foreign }, m) => catalog.updateTicketOption({ organisationId: foreign.orgId, ticketOptionId: foreign.ticketOptionId, fields: option }, m),
  'catalog UpdateTicketOption (our organisation, their option)': ({ own, foreign }, m) => catalog.updateTicketOption({ organisationId: own.orgId, ticketOptionId: foreign.ticketOptionId, fields: option }, m),
  'catalog DeleteTicketOption (their organisation)': ({ foreign }, m) => catalog.deleteTicketOption({ organisationId: foreign.orgId, ticketOptionId: foreign.ticketOptionId }, m),
  'catalog DeleteTicketOption (our organisation, their option)': ({ own, foreign }, m) => catalog.deleteTicketOption({ organisationId: own.orgId, ticketOptionId: foreign.ticketOptionId }, m),
  'catalog ListTicketOptions (their organisation)': ({ foreign }, m) => catalog.listTicketOptions({ organisationId: foreign.orgId, eventId: foreign.eventId }, m),
  'catalog ListTicketOptions (our organisation, their event)': ({ own, foreign }, m) => catalog.listTicketOptions({ organisationId: own.orgId, eventId: foreign.eventId }, m),
  'catalog ListHistory (their organisation)': ({ foreign }, m) => catalog.listHistory({ organisationId: foreign.orgId, entityId: foreign.eventId, page: undefined }, m),
  'catalog ListHistory (our organisation, their event)': ({ own, foreign }, m) => catalog.listHistory({ organisationId: own.orgId, entityId: foreign.eventId, page: undefined }, m),
  'catalog ListHistory (our organisation, their ticket option)': ({ own, foreign }, m) => catalog.listHistory({ organisationId: own.orgId, entityId: foreign.ticketOptionId, page: undefined }, m),
  'catalog CreateShop': ({ foreign }, m) => shops.createShop({ organisationId: foreign.orgId, fields: shopFields() }, m),
  'catalog UpdateShop (their organisation)': ({ foreign }, m) => shops.updateShop({ organisationId: foreign.orgId, shopId: foreign.shopId, fields: shopFields() }, m),
  'catalog UpdateShop (our organisation, their shop)': ({ own, foreign }, m) => shops.updateShop({ organisationId: own.orgId, shopId: foreign.shopId, fields: shopFields() }, m),
  'catalog GetShop (their organisation)': ({ foreign }, m) => shops.getShop({ organisationId: foreign.orgId, shopId: foreign.shopId }, m),
  'catalog GetShop (our organisation, their shop)': ({ own, foreign }, m) => shops.getShop({ organisationId: own.orgId, shopId: foreign.shopId }, m),
  'catalog ListShops': ({ foreign }, m) => shops.listShops({ organisationId: foreign.orgId, query: '', statuses: [], page: undefined }, m),
  'catalog PublishShop (their organisation)': ({ foreign }, m) => shops.publishShop({ organisationId: foreign.orgId, shopId: foreign.shopId }, m),
  'catalog PublishShop (our organisation, their shop)': ({ own, foreign }, m) => shops.publishShop({ organisationId: own.orgId, shopId: foreign.shopId }, m),
  'catalog ConvertShopToDraft (our organisation, their shop)': ({ own, foreign }, m) => shops.convertShopToDraft({ organisationId: own.orgId, shopId: foreign.shopId }, m),
  'catalog DeleteShop (their organisation)': ({ foreign }, m) => shops.deleteShop({ organisationId: foreign.orgId, shopId: foreign.shopId }, m),
  'catalog DeleteShop (our organisation, their shop)': ({ own, foreign }, m) => shops.deleteShop({ organisationId: own.orgId, shopId: foreign.shopId }, m),
  'catalog LocateShop (their shop)': ({ foreign }, m) => shops.locateShop({ shopId: foreign.shopId }, m),
  'catalog CreateShopItem (their organisation)': ({ foreign }, m) => shops.createShopItem({ organisationId: foreign.orgId, shopId: foreign.shopId, fields: itemFields(foreign.ticketOptionId) }, m),
  'catalog CreateShopItem (our shop, their ticket option in the body)': ({ own, foreign }, m) => shops.createShopItem({ organisationId: own.orgId, shopId: own.shopId, fields: itemFields(foreign.ticketOptionId) }, m),
  'catalog CreateShopItem (our shop, their event in the body)': ({ own, foreign }, m) => shops.createShopItem({ organisationId: own.orgId, shopId: own.shopId, fields: itemFields(own.ticketOptionId, [foreign.eventId]) }, m),
  'catalog UpdateShopItem (our shop, their item)': ({ own, foreign }, m) => shops.updateShopItem({ organisationId: own.orgId, shopId: own.shopId, itemId: foreign.itemId, fields: itemFields(own.ticketOptionId) }, m),
  'catalog UpdateShopItem (our item, their ticket option in the body)': ({ own, foreign }, m) => shops.updateShopItem({ organisationId: own.orgId, shopId: own.shopId, itemId: own.itemId, fields: itemFields(foreign.ticketOptionId) }, m),
  'catalog DeleteShopItem (their organisation)': ({ foreign }, m) => shops.deleteShopItem({ organisationId: foreign.orgId, shopId: foreign.shopId, itemId: foreign.itemId }, m),
  'catalog DeleteShopItem (our shop, their item)': ({ own, foreign }, m) => shops.deleteShopItem({ organisationId: own.orgId, shopId: own.shopId, itemId: foreign.itemId }, m),
  'catalog ListShopItems (our organisation, their shop)': ({ own, foreign }, m) => shops.listShopItems({ organisationId: own.orgId, shopId: foreign.shopId }, m),
  'catalog CreateDiscountCode (their organisation)': ({ foreign }, m) => shops.createDiscountCode({ organisationId: foreign.orgId, shopId: foreign.shopId, fields: codeFields([]) }, m),
  'catalog CreateDiscountCode (our shop, their item in the body)': ({ own, foreign }, m) => shops.createDiscountCode({ organisationId: own.orgId, shopId: own.shopId, fields: codeFields([foreign.itemId]) }, m),
  'catalog UpdateDiscountCode (our shop, their code)': ({ own, foreign }, m) => shops.updateDiscountCode({ organisationId: own.orgId, shopId: own.shopId, discountCodeId: foreign.discountCodeId, fields: codeFields([]) }, m),
  'catalog DeleteDiscountCode (their organisation)': ({ foreign }, m) => shops.deleteDiscountCode({ organisationId: foreign.orgId, shopId: foreign.shopId, discountCodeId: foreign.discountCodeId }, m),
  'catalog DeleteDiscountCode (our shop, their code)': ({ own, foreign }, m) => shops.deleteDiscountCode({ organisationId: own.orgId, shopId: own.shopId, discountCodeId: foreign.discountCodeId }, m),
  'catalog ListDiscountCodes (our organisation, their shop)': ({ own, foreign }, m) => shops.listDiscountCodes({ organisationId: own.orgId, shopId: foreign.shopId }, m),
  'catalog ListShopHistory (our organisation, their shop)': ({ own, foreign }, m) => shops.listShopHistory({ organisationId: own.orgId, entityId: foreign.shopId, page: undefined }, m),
  'catalog ListShopHistory (our organisation, their item)': ({ own, foreign }, m) => shops.listShopHistory({ organisationId: own.orgId, entityId: foreign.itemId, page: undefined }, m),
  'ordering ListOrders (their organisation)': ({ foreign }, m) => orders.listOrders({ organisationId: foreign.orgId, shopId: '', query: '', statuses: [], page: undefined }, m),
  'ordering ListOrders (their organisation and shop)': ({ foreign }, m) => orders.listOrders({ organisationId: foreign.orgId, shopId: foreign.saleShopId, query: '', statuses: ['paid'], page: undefined }, m),
  'ordering GetOrder (their organisation)': ({ foreign }, m) => orders.getOrder({ organisationId: foreign.orgId, orderId: foreign.paidOrderId }, m),
  'ordering GetOrder (our organisation, their order)': ({ own, foreign }, m) => orders.getOrder({ organisationId: own.orgId, orderId: foreign.paidOrderId }, m),
  'ordering CancelOrder (their organisation)': ({ foreign }, m) => orders.cancelOrder({ organisationId: foreign.orgId, orderId: foreign.heldOrderId }, m),
  'ordering CancelOrder (our organisation, their order)': ({ own, foreign }, m) => orders.cancelOrder({ organisationId: own.orgId, orderId: foreign.heldOrderId }, m),
  'ordering RefundOrder (their organisation)': ({ foreign }, m) => orders.refundOrder({ organisationId: foreign.orgId, orderId: foreign.paidOrderId, ...fullRefund() }, m),
  'ordering RefundOrder in full (our organisation, their order)': ({ own, foreign }, m) => orders.refundOrder({ organisationId: own.orgId, orderId: foreign.paidOrderId, ...fullRefund() }, m),
  'ordering RefundOrder in part (our organisation, their order)': ({ own, foreign }, m) => orders.refundOrder({ organisationId: own.orgId, orderId: foreign.paidOrderId, ...partRefund() }, m),
  'payments ListPayments (their organisation)': ({ foreign }, m) => payments.listPayments({ organisationId: foreign.orgId, orderId: '', statuses: [], page: undefined }, m),
  'payments ListPayments (their organisation, their order)': ({ foreign }, m) => payments.listPayments({ organisationId: foreign.orgId, orderId: foreign.paidOrderId, statuses: [], page: undefined }, m),
  'payments GetPaymentSettings (their organisation)': ({ foreign }, m) => payments.getPaymentSettings({ organisationId: foreign.orgId }, m),
};

const withoutPermissionCalls: Record<string, GrpcCall> = {
  'identity UpdateOrganisation': ({ own }, m) => organisations.updateOrganisation({ organisationId: own.orgId, name: 'Renamed', description: '', currency: 'EUR', defaultLocale: 'en' }, m),
  'identity InviteMember': ({ own }, m) => organisations.inviteMember({ organisationId: own.orgId, email: testAddress('friend'), firstName: '', lastName: '', permissions: ['checkin'], locale: 'en' }, m),
  'identity RevokeInvitation': ({ own }, m) => organisations.revokeInvitation({ organisationId: own.orgId, invitationId: own.invitationId }, m),
  'identity UpdateMember': ({ own }, m) => organisations.updateMember({ organisationId: own.orgId, memberId: own.ownerMemberId, ...member }, m),
  'identity RemoveMember': ({ own }, m) => organisations.removeMember({ organisationId: own.orgId, memberId: own.ownerMemberId }, m),
  'catalog CreateEvent': ({ own }, m) => catalog.createEvent({ organisationId: own.orgId, fields: event }, m),
  'catalog UpdateEvent': ({ own }, m) => catalog.updateEvent({ organisationId: own.orgId, eventId: own.eventId, fields: event }, m),
  'catalog PublishEvent': ({ own }, m) => catalog.publishEvent({ organisationId: own.orgId, eventId: own.eventId }, m),
  'catalog ConvertEventToDraft': ({ own }, m) => catalog.convertEventToDraft({ organisationId: own.orgId, eventId: own.eventId }, m),
  'catalog DeleteEvent': ({ own }, m) => catalog.deleteEvent({ organisationId: own.orgId, eventId: own.eventId }, m),
  'catalog CreateTicketOption': ({ own }, m) => catalog.createTicketOption({ organisationId: own.orgId, eventId: own.eventId, fields: option }, m),
  'catalog UpdateTicketOption': ({ own }, m) => catalog.updateTicketOption({ organisationId: own.orgId, ticketOptionId: own.ticketOptionId, fields: option }, m),
  'catalog DeleteTicketOption': ({ own }, m) => catalog.deleteTicketOption({ organisationId: own.orgId, ticketOptionId: own.ticketOptionId }, m),
  'catalog CreateShop': ({ own }, m) => shops.createShop({ organisationId: own.orgId, fields: shopFields() }, m),
  'catalog UpdateShop': ({ own }, m) => shops.updateShop({ organisationId: own.orgId, shopId: own.shopId, fields: shopFields() }, m),
  'catalog PublishShop': ({ own }, m) => shops.publishShop({ organisationId: own.orgId, shopId: own.shopId }, m),
  'catalog ConvertShopToDraft': ({ own }, m) => shops.convertShopToDraft({ organisationId: own.orgId, shopId: own.shopId }, m),
  'catalog DeleteShop': ({ own }, m) => shops.deleteShop({ organisationId: own.orgId, shopId: own.shopId }, m),
  'catalog CreateShopItem': ({ own }, m) => shops.createShopItem({ organisationId: own.orgId, shopId: own.shopId, fields: itemFields(own.ticketOptionId) }, m),
  'catalog UpdateShopItem': ({ own }, m) => shops.updateShopItem({ organisationId: own.orgId, shopId: own.shopId, itemId: own.itemId, fields: itemFields(own.ticketOptionId) }, m),
  'catalog DeleteShopItem': ({ own }, m) => shops.deleteShopItem({ organisationId: own.orgId, shopId: own.shopId, itemId: own.itemId }, m),
  'catalog CreateDiscountCode': ({ own }, m) => shops.createDiscountCode({ organisationId: own.orgId, shopId: own.shopId, fields: codeFields([]) }, m),
  'catalog UpdateDiscountCode': ({ own }, m) => shops.updateDiscountCode({ organisationId: own.orgId, shopId: own.shopId, discountCodeId: own.discountCodeId, fields: codeFields([]) }, m),
  'catalog DeleteDiscountCode': ({ own }, m) => shops.deleteDiscountCode({ organisationId: own.orgId, shopId: own.shopId, discountCodeId: own.discountCodeId }, m),
  'ordering ListOrders': ({ own }, m) => orders.listOrders({ organisationId: own.orgId, shopId: '', query: '', statuses: [], page: undefined }, m),
  'ordering GetOrder': ({ own }, m) => orders.getOrder({ organisationId: own.orgId, orderId: own.paidOrderId }, m),
  'ordering CancelOrder': ({ own }, m) => orders.cancelOrder({ organisationId: own.orgId, orderId: own.heldOrderId }, m),
  'ordering RefundOrder in full': ({ own }, m) => orders.refundOrder({ organisationId: own.orgId, orderId: own.paidOrderId, ...fullRefund() }, m),
  'ordering RefundOrder in part': ({ own }, m) => orders.refundOrder({ organisationId: own.orgId, orderId: own.paidOrderId, ...partRefund() }, m),
  'payments ListPayments (the organisation\'s, "payments")': ({ own }, m) => payments.listPayments({ organisationId: own.orgId, orderId: '', statuses: [], page: undefined }, m),
  'payments ListPayments (one order\'s, "orders.view")': ({ own }, m) => payments.listPayments({ organisationId: own.orgId, orderId: own.paidOrderId, statuses: [], page: undefined }, m),
  'payments GetPaymentSettings': ({ own }, m) => payments.getPaymentSettings({ organisationId: own.orgId }, m),
};

async function expectGrpcRefusedAndUnchanged(call: GrpcCall, userId: string, codes: status[]) {
  const before = await fingerprint();
  const outcome = await call({ own: a, foreign: b }, actor(userId)).then(
    (answer) => ({ answered: answer }),
    (error: ServiceError) => ({ code: error.code }),
  );
  expect({ outcome, refused: 'code' in outcome && codes.includes(outcome.code) }).toEqual({ outcome, refused: true });
  expect(await fingerprint()).toBe(before);
}

describe('identity, catalog, ordering and payments refuse organisation A\'s member on organisation B\'s ids by themselves', () => {
  it.each(Object.entries(crossTenantCalls))('%s → NOT_FOUND (or PERMISSION_DENIED), nothing changes', async (_name, call) => {
    await expectGrpcRefusedAndUnchanged(call, ownerA.userId, [status.NOT_FOUND, status.PERMISSION_DENIED]);
  });

  it('Authorize answers "not a member" for another organisation, and ListMyOrganisations does not show it', async () => {
    await expect(organisations.authorize({ userId: ownerA.userId, organisationId: b.orgId, permission: '' })).resolves.toMatchObject({ allowed: false, member: false });
    await expect(organisations.authorize({ userId: ownerA.userId, organisationId: a.orgId, permission: 'events' })).resolves.toMatchObject({ allowed: true, member: true });
    const mine = await organisations.listMyOrganisations({}, actor(ownerA.userId));
    expect(mine.organisations.map((entry) => entry.organisation!.id)).toEqual([a.orgId]);
  });

  it('GetOrder and ListOrders never reveal another organisation\'s order, nor ListPayments its attempts, nor the pages', async () => {
    const as = actor(ownerA.userId);
    const everything = { shopId: '', query: '', statuses: [], page: { pageSize: 100, pageToken: '' } };
    await expect(orders.listOrders({ organisationId: b.orgId, ...everything }, as)).rejects.toMatchObject({ code: status.NOT_FOUND });
    await expect(orders.getOrder({ organisationId: a.orgId, orderId: b.paidOrderId }, as)).rejects.toMatchObject({ code: status.NOT_FOUND });
    const { order: theirs } = await orders.getOrder({ organisationId: b.orgId, orderId: b.paidOrderId }, actor(ownerB.userId));
    const { order: ours } = await orders.getOrder({ organisationId: a.orgId, orderId: a.paidOrderId }, as);

    // A's own list holds exactly A's orders; filtered by B's shop, number or guest it finds nothing.
    const mine = await orders.listOrders({ organisationId: a.orgId, ...everything }, as);
    expect(mine.orders.map(({ id }) => id).sort()).toEqual([a.heldOrderId, a.paidOrderId].sort());
    for (const filter of [{ shopId: b.saleShopId }, { query: theirs!.number }, { query: theirs!.email }, { query: b.paidOrderId }]) {
      await expect(orders.listOrders({ organisationId: a.orgId, ...everything, ...filter }, as)).resolves.toMatchObject({ orders: [] });
    }
    // Payments scopes by the organisation asked about: B's order id in A finds no attempts; A's ledger holds A's only.
    await expect(payments.listPayments({ organisationId: a.orgId, orderId: b.paidOrderId, statuses: [], page: undefined }, as)).resolves.toMatchObject({ payments: [] });
    const ledger = await payments.listPayments({ organisationId: a.orgId, orderId: '', statuses: [], page: { pageSize: 100, pageToken: '' } }, as);
    expect(ledger.payments.map(({ id }) => id).sort()).toEqual([a.heldPaymentId, a.paidPaymentId].sort());

    // The same through A's own pages: their order's number, e-mail and ids never appear (but for the search
    // words the page shows back in its search box), ours does.
    const revealed = (html: string, searched = '') =>
      [theirs!.number, theirs!.email, b.paidOrderId, b.heldOrderId, b.paidPaymentId, b.heldPaymentId].filter((text) => text !== searched && html.includes(text));
    const list = await ownerA.api.call('GET', `/o/${a.orgId}/orders`);
    expect({ status: list.status, ours: String(list.body).includes(ours!.number), revealed: revealed(String(list.body)) }).toEqual({ status: 200, ours: true, revealed: [] });
    const pages: [string, string][] = [
      [`/o/${a.orgId}/orders?q=${theirs!.number}`, theirs!.number],
      [`/o/${a.orgId}/orders?q=${encodeURIComponent(theirs!.email)}`, theirs!.email],
      [`/o/${a.orgId}/orders?shop=${b.saleShopId}`, ''],
      [`/o/${a.orgId}/payments`, ''],
    ];
    for (const [path, searched] of pages) {
      const page = await ownerA.api.call('GET', path);
      expect({ path, status: page.status, revealed: revealed(String(page.body), searched) }).toEqual({ path, status: 200, revealed: [] });
    }
  });
});

describe('identity, catalog, ordering and payments refuse a member without the permission by themselves', () => {
  it.each(Object.entries(withoutPermissionCalls))('%s → PERMISSION_DENIED, nothing changes', async (_name, call) => {
    await expectGrpcRefusedAndUnchanged(call, scannerA.userId, [status.PERMISSION_DENIED]);
  });

  it('the same member may read what they are allowed to see', async () => {
    await expect(catalog.getEvent({ organisationId: a.orgId, eventId: a.eventId }, actor(scannerA.userId))).resolves.toMatchObject({ event: { id: a.eventId } });
    await expect(organisations.authorize({ userId: scannerA.userId, organisationId: a.orgId, permission: 'events' })).resolves.toMatchObject({ allowed: false, member: true });
    await expect(organisations.authorize({ userId: scannerA.userId, organisationId: a.orgId, permission: 'orders.view' })).resolves.toMatchObject({ allowed: false, member: true });
  });
});
