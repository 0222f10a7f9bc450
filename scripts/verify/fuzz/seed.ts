// Two organisations with real data for the fuzzer to aim at, made the way organisers and guests make them: through the
// BFF's API only. A's owner and B's owner (the "member of B" of the section) each sign up by e-mailed code and set up
// an organisation with an event, a ticket option, a pending invitation (its link read from the mail inbox), an open
// shop with an item and a discount code, a scan link, and a guest's order paid on the demo provider, with its ticket
// issued and its confirmation e-mail sent.
import { randomBytes, randomUUID } from 'node:crypto';
import { type SignedInAccount, signUpViaApi, testAddress } from '@kassa/testing/accounts';
import { ApiSession } from '@kassa/testing/api';
import { openShopWithDiscount } from '@kassa/testing/sales';
import { waitForMessagesTo } from '@kassa/testing/mail';
import type { TenantName } from './http-cases';
import { eventually } from '@kassa/testing/eventually';

export interface SeededTenant {
  owner: SignedInAccount;
  /** The owner's session cookie, as the browser sends it. */
  sessionCookie: string;
  /** Real values by route parameter name (orgId, eventId, …, token, id). */
  routeIds: Record<string, string[]>;
  /** Real values by proto field name (organisationId, eventId, …, userId, ticketId). */
  fieldIds: Record<string, string[]>;
}

const expectOk = (response: { status: number; body: unknown }, what: string): unknown => {
  if (response.status >= 300)
    throw new Error(`seed: ${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
};

export async function seedTenant(bffUrl: string, mailInboxUrl: string, name: TenantName): Promise<SeededTenant> {
  const owner = await signUpViaApi(
    bffUrl,
    mailInboxUrl,
    testAddress(`fuzz-owner-${name.toLowerCase()}`),
    `Owner ${name}`,
  );
  const api = owner.api;
  const { organisation } = expectOk(
    await api.call('POST', '/api/organisations', {
      name: `Fuzz ${name} ${randomBytes(3).toString('hex')}`,
      description: '',
      currency: 'EUR',
      defaultLocale: 'en',
    }),
    'create organisation',
  ) as {
    organisation: { id: string; memberId: string };
  };
  const orgId = organisation.id;
  const event = (
    expectOk(
      await api.call('POST', `/api/organisations/${orgId}/events`, {
        name: `Fuzz ${name} night`,
        description: '',
        startsAt: '2031-06-01T18:00:00.000Z',
        endsAt: '2031-06-01T23:00:00.000Z',
        ticketLimit: null,
        location: { address: 'Main 1', city: 'Utrecht', postalCode: '3511AA', country: 'NL' },
        translations: [],
      }),
      'create event',
    ) as { event: { id: string } }
  ).event;
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

  const inviteeEmail = testAddress(`fuzz-invitee-${name.toLowerCase()}`);
  const { invitation } = expectOk(
    await api.call('POST', `/api/organisations/${orgId}/members`, {
      email: inviteeEmail,
      firstName: 'Pat',
      lastName: 'Pending',
      permissions: ['checkin'],
    }),
    'invite member',
  ) as { invitation: { id: string } };
  const [invitationMail] = await waitForMessagesTo(mailInboxUrl, inviteeEmail);
  const token = /account\/invitations\/([A-Za-z0-9_-]{20,})/.exec(invitationMail!.text)?.[1];
  if (!token) throw new Error('seed: no invitation link in the e-mail');

  const { shopId, itemId, discountCodeId } = await openShopWithDiscount(
    api,
    orgId,
    ticketOption.id,
    `Fuzz ${name} box office`,
    `FUZZ${name}`,
  );

  const sale = await buyOneTicket(bffUrl, mailInboxUrl, shopId, itemId);
  const scanLink = await eventually('a scan link (ticketing learns of the event from catalog)', async () => {
    const answer = await api.call('POST', `/api/organisations/${orgId}/events/${event.id}/scan-links`, {
      name: `Fuzz ${name} door`,
    });
    if (answer.status === 201) return answer.body as { link: { id: string } };
    if (answer.status === 404) return undefined;
    throw new Error(`seed: create scan link answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  });
  const { sessions } = expectOk(await api.call('GET', '/api/account/sessions'), 'list sessions') as {
    sessions: { id: string }[];
  };

  const common = {
    eventId: [event.id],
    ticketOptionId: [ticketOption.id],
    shopId: [shopId],
    itemId: [itemId],
    discountCodeId: [discountCodeId],
    orderId: [sale.orderId],
    paymentId: [sale.paymentId],
    linkId: [scanLink.link.id],
    memberId: [organisation.memberId],
    invitationId: [invitation.id],
    token: [token],
  };
  const sessionCookie = `kassa_session=${api.cookie('kassa_session') ?? ''}`;
  return {
    owner,
    sessionCookie,
    // With the guest's key to the order, which the guest routes take in `?key=` (http-cases.ts).
    routeIds: { ...common, orgId: [orgId], id: sessions.map((session) => session.id), accessKey: [sale.accessKey] },
    fieldIds: {
      ...common,
      organisationId: [orgId],
      userId: [owner.userId],
      ticketId: [sale.ticketId],
      sessionId: sessions.map((session) => session.id),
    },
  };
}

/** A guest's checkout, paid on the demo provider's page; waits until its ticket is issued and its confirmation sent. */
async function buyOneTicket(bffUrl: string, mailInboxUrl: string, shopId: string, itemId: string) {
  const guest = new ApiSession(bffUrl);
  const email = testAddress('fuzz-guest');
  const body = {
    items: [{ itemId, quantity: 1 }],
    email,
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
    throw new Error(`seed: checkout answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  });
  const paymentId = /\/payments\/demo\/(pay_[0-9A-Za-z]+)/.exec(placed.redirectUrl)?.[1];
  if (!paymentId) throw new Error(`seed: checkout did not lead to the demo payment page: ${placed.redirectUrl}`);
  expectOk(
    await guest.call('POST', `/api/payments/${paymentId}/demo?key=${placed.accessKey}`, {
      action: 'pay',
      locale: 'en',
    }),
    'demo pay',
  );
  const ticket = await eventually('the ticket to be issued', async () => {
    const { tickets } = expectOk(
      await guest.call('GET', `/api/orders/${placed.orderId}/tickets?key=${placed.accessKey}&locale=en`),
      'guest tickets',
    ) as { tickets: { id: string }[] };
    return tickets[0];
  });
  await waitForMessagesTo(mailInboxUrl, email, 1, 60_000);
  return { orderId: placed.orderId, accessKey: placed.accessKey, paymentId, ticketId: ticket.id };
}

/** Pools of both organisations, by route parameter and by proto field name. */
export function poolsOf(tenants: Record<TenantName, SeededTenant>) {
  return {
    route: { A: tenants.A.routeIds, B: tenants.B.routeIds },
    field: { A: tenants.A.fieldIds, B: tenants.B.fieldIds },
  };
}
