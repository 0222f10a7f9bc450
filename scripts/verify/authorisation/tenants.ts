// Two organisations with real data, made as an organiser and a guest make them: through the BFF's API only (sign-up
// by e-mailed code, organisation, event, ticket option, invitation, shop, item, discount code, a paid order, its
// ticket and a scan link). The authorisation section aims at organisation B's ids with these.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { type SignedInAccount, signUpViaApi, testAddress } from '@kassa/testing/accounts';
import { ApiSession } from '@kassa/testing/api';
import { openShopWithDiscount } from '@kassa/testing/sales';
import { databaseUrl } from '@kassa/testing/stack';
import { eventually } from '@kassa/testing/eventually';
export { eventually } from '@kassa/testing/eventually';

export interface Tenant {
  owner: SignedInAccount;
  orgId: string;
  ownerMemberId: string;
  eventId: string;
  ticketOptionId: string;
  invitationId: string;
  shopId: string;
  itemId: string;
  discountCodeId: string;
  orderId: string;
  paymentId: string;
  ticketId: string;
  scanLinkId: string;
  /** What only the organisation (and its guest) knows: an answer to anyone else that holds one of these leaked it. */
  secrets: {
    organisationName: string;
    guestEmail: string;
    orderNumber: string;
    ticketReference: string;
    scanSecret: string;
  };
}

const expectOk = (response: { status: number; body: unknown }, what: string): unknown => {
  if (response.status >= 300) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
};

const EVENT = {
  description: '',
  startsAt: '2031-06-01T18:00:00.000Z',
  endsAt: '2031-06-01T23:00:00.000Z',
  ticketLimit: null,
  location: { address: 'Main 1', city: 'Utrecht', postalCode: '3511AA', country: 'NL' },
  translations: [],
};

/** An organisation of `owner` with everything its organiser routes and service methods are about. */
export async function createTenant(bffUrl: string, owner: SignedInAccount, label: string): Promise<Tenant> {
  const api = owner.api;
  const organisationName = `Authorisation ${label} ${randomBytes(4).toString('hex')}`;
  const { organisation } = expectOk(
    await api.call('POST', '/api/organisations', {
      name: organisationName,
      description: '',
      currency: 'EUR',
      defaultLocale: 'en',
    }),
    'create organisation',
  ) as {
    organisation: { id: string; memberId: string };
  };
  const orgId = organisation.id;
  const { event } = expectOk(
    await api.call('POST', `/api/organisations/${orgId}/events`, { ...EVENT, name: `${label} night` }),
    'create event',
  ) as { event: { id: string } };
  const { ticketOption } = expectOk(
    await api.call('POST', `/api/organisations/${orgId}/events/${event.id}/ticket-options`, {
      name: 'Regular',
      description: '',
      capacity: 100,
      translations: [],
    }),
    'create ticket option',
  ) as { ticketOption: { id: string } };
  expectOk(await api.call('POST', `/api/organisations/${orgId}/events/${event.id}/publish`), 'publish event');
  const { invitation } = expectOk(
    await api.call('POST', `/api/organisations/${orgId}/members`, {
      email: testAddress('authorisation-pending'),
      firstName: 'Pat',
      lastName: 'Pending',
      permissions: ['checkin'],
    }),
    'invite member',
  ) as { invitation: { id: string } };
  const { shopId, itemId, discountCodeId } = await openShopWithDiscount(
    api,
    orgId,
    ticketOption.id,
    `${label} box office`,
    'AUTH',
  );

  const sale = await buyOneTicket(bffUrl, shopId, itemId);
  const scanLink = await eventually('a scan link (ticketing learns of the event from catalog)', async () => {
    const answer = await api.call('POST', `/api/organisations/${orgId}/events/${event.id}/scan-links`, {
      name: `${label} door`,
    });
    if (answer.status === 201) return answer.body as { link: { id: string }; secret: string };
    if (answer.status === 404) return undefined;
    throw new Error(`create scan link answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  });
  return {
    owner,
    orgId,
    ownerMemberId: organisation.memberId,
    eventId: event.id,
    ticketOptionId: ticketOption.id,
    invitationId: invitation.id,
    shopId,
    itemId,
    discountCodeId,
    orderId: sale.orderId,
    paymentId: sale.paymentId,
    ticketId: sale.ticketId,
    scanLinkId: scanLink.link.id,
    secrets: {
      organisationName,
      guestEmail: sale.guestEmail,
      orderNumber: sale.orderNumber,
      ticketReference: sale.ticketReference,
      scanSecret: scanLink.secret,
    },
  };
}

/** A guest's checkout, paid on the demo provider's page, waited for until its ticket is issued. */
async function buyOneTicket(bffUrl: string, shopId: string, itemId: string) {
  const guest = new ApiSession(bffUrl);
  const guestEmail = testAddress('authorisation-guest');
  const body = {
    items: [{ itemId, quantity: 1 }],
    email: guestEmail,
    subscribe: false,
    locale: 'en',
    discountCode: '',
    donationMinor: 0,
    idempotencyKey: randomUUID(),
  };
  const placed = await eventually('the shop to take orders (ordering learns of it from catalog)', async () => {
    const answer = await guest.call('POST', `/api/shops/${shopId}/checkout`, body);
    if (answer.status === 200 || answer.status === 201)
      return answer.body as { orderId: string; accessKey: string; redirectUrl: string };
    if (answer.status === 404 || answer.status === 409) return undefined;
    throw new Error(`checkout answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  });
  const paymentId = /\/payments\/demo\/(pay_[0-9A-Za-z]+)/.exec(placed.redirectUrl)?.[1];
  if (!paymentId) throw new Error(`checkout did not lead to the demo payment page: ${placed.redirectUrl}`);
  // The guest's key to the order (the checkout's answer) opens the demo page, the order page and its tickets.
  const key = placed.accessKey;
  expectOk(
    await guest.call('POST', `/api/payments/${paymentId}/demo?key=${key}`, { action: 'pay', locale: 'en' }),
    'demo pay',
  );
  const order = await eventually('the order to be paid', async () => {
    const { order: seen } = expectOk(
      await guest.call('GET', `/api/orders/${placed.orderId}?key=${key}`),
      'guest order',
    ) as { order: { status: string; number: string } };
    return seen.status === 'paid' ? seen : undefined;
  });
  const ticket = await eventually('the ticket to be issued', async () => {
    const { tickets } = expectOk(
      await guest.call('GET', `/api/orders/${placed.orderId}/tickets?key=${key}&locale=en`),
      'guest tickets',
    ) as { tickets: { id: string; reference: string }[] };
    return tickets[0];
  });
  return {
    orderId: placed.orderId,
    paymentId,
    guestEmail,
    orderNumber: order.number,
    ticketId: ticket.id,
    ticketReference: ticket.reference,
  };
}

/** Session tokens of B's owner that must open nothing: one signed out, one past its idle timeout. */
export interface DeadSessions {
  signedOut: string;
  expired: string;
}

/**
 * Two more sign-ins of `account`: the first signed out through the BFF, the second aged in identity's database past
 * the idle timeout (14 days). Each worked before it died (checked), so a refusal later is its death's doing.
 */
export async function deadSessionsOf(
  bffUrl: string,
  mailInboxUrl: string,
  account: SignedInAccount,
  identityDatabase: string,
): Promise<DeadSessions> {
  const token = (session: SignedInAccount) => session.api.cookie('kassa_session') ?? '';
  const works = async (session: SignedInAccount) =>
    ((await session.api.call('GET', '/api/_auth/session')).body as { user?: { id: string } } | null)?.user?.id ===
    account.userId;

  const toSignOut = await signUpViaApi(bffUrl, mailInboxUrl, account.email);
  const signedOut = token(toSignOut);
  if (!(await works(toSignOut))) throw new Error('the second session did not work before it was signed out');
  expectOk(await toSignOut.api.call('DELETE', '/api/_auth/session'), 'sign out');

  const toExpire = await signUpViaApi(bffUrl, mailInboxUrl, account.email);
  const expired = token(toExpire);
  if (!(await works(toExpire))) throw new Error('the third session did not work before it was aged');
  const identity = new Client({ connectionString: databaseUrl(identityDatabase) });
  await identity.connect();
  try {
    const aged = await identity.query(
      "update sessions set last_seen_at = now() - interval '15 days', created_at = now() - interval '15 days' where token_hash = $1",
      [createHash('sha256').update(expired).digest('hex')],
    );
    if (aged.rowCount !== 1) throw new Error('the session to expire was not found by its token hash');
  } finally {
    await identity.end();
  }
  return { signedOut, expired };
}
