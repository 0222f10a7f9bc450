import type { Locale } from '@kassa/contracts/locales';
import { randomBytes, randomUUID } from 'node:crypto';
import { createGrpcClient, callerKeyFromRoot } from '@kassa/platform/grpc';
import { ShopServiceClient } from '@kassa/proto/catalog/v1/shops';
import { OrderingServiceClient } from '@kassa/proto/ordering/v1/ordering';
import { withAccessKey } from '@kassa/web/lib/guest-access';
import { ApiSession } from './api';
import { eventually } from './eventually';
import type { StackInfo } from './stack';

/** The body of a 2xx answer; anything else fails the test naming the step. */
export function expectOk(response: { status: number; body: unknown }, what: string): unknown {
  if (response.status >= 300) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

export interface OpenShop {
  orgId: string;
  eventId: string;
  shopId: string;
  itemId: string;
}

/**
 * An organisation with one published event, one ticket option and an open shop selling it, made as the organiser
 * makes them: the event through the BFF's API, the shop through catalog's gRPC (as the dashboard's shop pages do).
 * Resolves once ordering sells the item: ordering learns of the shop from catalog's events, through the outbox and
 * NATS, and a checkout sent before that is refused.
 */
export async function openShopWithOneEvent(
  owner: { api: ApiSession; userId: string },
  stack: Pick<StackInfo, 'catalogGrpc' | 'orderingGrpc' | 'env'>,
  { name, capacity, priceMinor }: { name: string; capacity: number; priceMinor: number },
): Promise<OpenShop> {
  const created = expectOk(
    await owner.api.call('POST', '/api/organisations', { name, description: '', currency: 'EUR', defaultLocale: 'en' }),
    'create organisation',
  );
  const orgId = (created as { organisation: { id: string } }).organisation.id;
  const { event } = expectOk(
    await owner.api.call('POST', `/api/organisations/${orgId}/events`, {
      name: `${name} live`,
      description: '',
      startsAt: '2031-07-04T18:00:00.000Z',
      endsAt: '2031-07-04T22:00:00.000Z',
      ticketLimit: null,
      location: { address: 'Veemkade 1', city: 'Amsterdam', postalCode: '1019 HE', country: 'NL' },
      translations: [],
    }),
    'create event',
  ) as { event: { id: string } };
  const { ticketOption } = expectOk(
    await owner.api.call('POST', `/api/organisations/${orgId}/events/${event.id}/ticket-options`, {
      name: 'Regular',
      description: '',
      capacity,
      translations: [],
    }),
    'create ticket option',
  ) as { ticketOption: { id: string } };
  expectOk(await owner.api.call('POST', `/api/organisations/${orgId}/events/${event.id}/publish`), 'publish event');

  const callerKey = callerKeyFromRoot(stack.env.KASSA_CALLER_KEY!);
  const shops = createGrpcClient(ShopServiceClient, stack.catalogGrpc!, { callerKey, deadlineMs: 10_000 });
  const ordering = createGrpcClient(OrderingServiceClient, stack.orderingGrpc!, { callerKey, deadlineMs: 10_000 });
  const as = { actorUserId: owner.userId };
  try {
    const { shop } = await shops.createShop(
      {
        organisationId: orgId,
        fields: {
          name: `${name} shop`,
          description: '',
          opensAt: new Date(Date.now() - 60_000),
          closesAt: new Date(Date.now() + 24 * 3_600_000),
          translations: [],
          currency: 'EUR',
          password: '',
          donation: { enabled: false, suggestedAmountsMinor: [], allowCustomAmount: false },
          reservationMinutes: 15,
        },
      },
      as,
    );
    const shopId = shop!.id;
    const { item } = await shops.createShopItem(
      {
        organisationId: orgId,
        shopId,
        fields: {
          ticketOptionId: ticketOption.id,
          extraEventIds: [],
          name: 'Regular',
          priceMinor,
          saleStart: undefined,
          saleEnd: undefined,
          position: 0,
        },
      },
      as,
    );
    await shops.publishShop({ organisationId: orgId, shopId }, as);
    await eventually('ordering to sell the new shop', async () => {
      const answer = await ordering.getAvailability({ shopId }).catch(() => undefined);
      return answer?.window === 'open' &&
        answer.items.some((entry) => entry.itemId === item!.id && entry.status === 'available')
        ? true
        : undefined;
    });
    return { orgId, eventId: event.id, shopId, itemId: item!.id };
  } finally {
    shops.close();
    ordering.close();
  }
}

export interface Purchase {
  orderId: string;
  /** The order's access key (the checkout's answer): the `key` of the guest's order page and its API. */
  accessKey: string;
  paymentId: string;
  guest: ApiSession;
}

/** A guest's checkout through the BFF's API, paid with the demo provider's Pay, as the shop page and the Pay button do it. */
export async function buyThroughApi(
  bffUrl: string,
  shopId: string,
  order: { items: { itemId: string; quantity: number }[]; email: string; subscribe?: boolean; locale?: Locale },
): Promise<Purchase> {
  const guest = new ApiSession(bffUrl);
  const locale = order.locale ?? 'en';
  const placed = expectOk(
    await guest.call('POST', `/api/shops/${shopId}/checkout`, {
      items: order.items,
      email: order.email,
      subscribe: order.subscribe ?? false,
      locale,
      discountCode: '',
      donationMinor: 0,
      idempotencyKey: randomUUID(),
    }),
    'checkout',
  ) as { orderId: string; accessKey: string; redirectUrl: string };
  // The demo page's address is /payments/demo/{paymentId}?key={orderAccessKey}.
  const paymentId = /\/payments\/demo\/(pay_[0-9a-z]+)/.exec(placed.redirectUrl)?.[1];
  if (!paymentId) throw new Error(`checkout did not lead to the demo payment page: ${placed.redirectUrl}`);
  expectOk(
    await guest.call('POST', withAccessKey(`/api/payments/${paymentId}/demo`, placed.accessKey), {
      action: 'pay',
      locale,
    }),
    'demo pay',
  );
  return { orderId: placed.orderId, accessKey: placed.accessKey, paymentId, guest };
}

/**
 * Through the BFF, as the organisation's owner: a published shop open for a week with one item (10.00 of the ticket
 * option) and a 10% discount code `<codePrefix><random>` on every item.
 */
export async function openShopWithDiscount(
  api: ApiSession,
  orgId: string,
  ticketOptionId: string,
  name: string,
  codePrefix: string,
): Promise<{ shopId: string; itemId: string; discountCodeId: string }> {
  const { shop } = expectOk(
    await api.call('POST', `/api/organisations/${orgId}/shops`, {
      name,
      description: '',
      opensAt: new Date(Date.now() - 60_000).toISOString(),
      closesAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      currency: 'EUR',
      translations: [],
      reservationMinutes: 60,
    }),
    'create shop',
  ) as { shop: { id: string } };
  const { item } = expectOk(
    await api.call('POST', `/api/organisations/${orgId}/shops/${shop.id}/items`, {
      ticketOptionId,
      extraEventIds: [],
      name: '',
      priceMinor: 1_000,
    }),
    'create shop item',
  ) as { item: { id: string } };
  const { discountCode } = expectOk(
    await api.call('POST', `/api/organisations/${orgId}/shops/${shop.id}/discount-codes`, {
      code: `${codePrefix}${randomBytes(3).toString('hex').toUpperCase()}`,
      type: 'percentage',
      value: 10,
      itemIds: [],
    }),
    'create discount code',
  ) as { discountCode: { id: string } };
  expectOk(await api.call('POST', `/api/organisations/${orgId}/shops/${shop.id}/publish`), 'publish shop');
  return { shopId: shop.id, itemId: item.id, discountCodeId: discountCode.id };
}
