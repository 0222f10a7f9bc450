// The organiser and guest steps the abuse checks stand on, done as the product does them: an organiser signs up and
// opens a shop for one live event (@kassa/testing), guests check out and pay with the demo provider from their own
// client address, and each ticket's code is read off its public ticket page (opened with the ticket's access key).
import { randomUUID } from 'node:crypto';
import { signUpViaApi, testAddress, type SignedInAccount } from '@kassa/testing/accounts';
import { openShopWithOneEvent, type OpenShop } from '@kassa/testing/sales';
import type { StackInfo } from '@kassa/testing/stack';
import { Browser, eventually, okBody } from './http';
import { readQrSvg, ticketQrSvgOfPage } from './ticket-qr';

export interface ShopPlatform {
  bffUrl: string;
  mailInboxUrl: string;
  /**
   * catalog's address and the stack's environment (its caller key), for the shop that the BFF has no form for yet;
   * ordering's, to wait until it sells the shop.
   */
  stack: Pick<StackInfo, 'catalogGrpc' | 'orderingGrpc' | 'env'>;
}

export interface Organiser extends OpenShop {
  owner: SignedInAccount;
  /** The owner's session as a browser of these checks (same cookies). */
  browser: Browser;
}

export async function organiserWithShop(platform: ShopPlatform, label: string, priceMinor = 2500): Promise<Organiser> {
  const owner = await signUpViaApi(
    platform.bffUrl,
    platform.mailInboxUrl,
    testAddress(`${label}-organiser`),
    'Olivia Organiser',
  );
  const shop = await openShopWithOneEvent(owner, platform.stack, {
    name: `Abuse ${label}`,
    capacity: 1_000,
    priceMinor,
  });
  const browser = new Browser(platform.bffUrl);
  browser.setCookie('kassa_session', owner.api.cookie('kassa_session')!);
  return { ...shop, owner, browser };
}

export function checkoutBody(itemId: string, quantity: number, email: string) {
  return {
    items: [{ itemId, quantity }],
    email,
    subscribe: false,
    discountCode: '',
    donationMinor: 0,
    idempotencyKey: randomUUID(),
    locale: 'en',
  };
}

export interface Purchase {
  orderId: string;
  /** The guest's key to the order, from the checkout's answer: the order's API and the demo page open only with it. */
  accessKey: string;
  guest: Browser;
}

/** Checks out and pays with the demo provider's Pay; waits for ordering to know the shop on a fresh platform. */
export async function buyAndPay(
  bffUrl: string,
  shop: Pick<OpenShop, 'shopId' | 'itemId'>,
  quantity: number,
  ip?: string,
): Promise<Purchase> {
  const guest = new Browser(bffUrl, ip);
  const body = checkoutBody(shop.itemId, quantity, testAddress('abuse-guest'));
  const placed = await eventually('the shop to take orders', async () => {
    const answer = await guest.call('POST', `/api/shops/${shop.shopId}/checkout`, { body });
    if (answer.status === 201 || answer.status === 200)
      return answer.body as { orderId: string; accessKey: string; redirectUrl: string };
    if (answer.status === 404 || answer.status === 409 || answer.text.includes('not on sale yet')) return undefined;
    throw new Error(`checkout answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  });
  const paymentId = /\/payments\/demo\/(pay_[0-9a-z]+)/.exec(placed.redirectUrl)?.[1];
  if (!paymentId) throw new Error(`checkout did not lead to the demo payment page: ${placed.redirectUrl}`);
  okBody(
    await guest.call('POST', `/api/payments/${paymentId}/demo?key=${placed.accessKey}`, {
      body: { action: 'pay', locale: 'en' },
    }),
    'demo pay',
  );
  return { orderId: placed.orderId, accessKey: placed.accessKey, guest };
}

export interface IssuedTicket {
  id: string;
  /** The ticket page's key (its link is /ticket/{id}?key=…). */
  accessKey: string;
  reference: string;
  status: string;
}

/** The order's tickets once all `quantity` are in `status` (issued: "created"; after a refund: "canceled"). */
export async function ticketsOfOrder(
  purchase: Purchase,
  quantity: number,
  status = 'created',
): Promise<IssuedTicket[]> {
  return eventually(
    `${quantity} ${status} tickets of ${purchase.orderId}`,
    async () => {
      const { tickets } = okBody<{ tickets: IssuedTicket[] }>(
        await purchase.guest.call('GET', `/api/orders/${purchase.orderId}/tickets?key=${purchase.accessKey}&locale=en`),
        'order tickets',
      );
      return tickets.length === quantity && tickets.every((ticket) => ticket.status === status) ? tickets : undefined;
    },
    60_000,
  );
}

/** What the QR on the ticket's public page (opened with the ticket's key, as its link does) holds. */
export async function codeOfTicket(bffUrl: string, ticket: Pick<IssuedTicket, 'id' | 'accessKey'>): Promise<string> {
  const ticketId = ticket.id;
  const page = await new Browser(bffUrl).call('GET', `/ticket/${ticketId}?key=${ticket.accessKey}`);
  const svg = ticketQrSvgOfPage(page.text);
  if (page.status !== 200 || !svg)
    throw new Error(`the ticket page of ${ticketId} answered ${page.status} without a QR code`);
  const codes = await readQrSvg(svg);
  if (codes.length !== 1)
    throw new Error(`expected one QR code on the ticket page of ${ticketId}, read ${codes.length}`);
  return codes[0]!;
}
