// The guest's checkout routes without servers: ordering, payments and the Redis rate limiter are mocked, so each
// test shows which check answers first, in the order these public routes keep (CSRF → rate limit → ids → body →
// ordering → payments), and exactly what reaches the services. The limiter itself is tested against the real
// Redis in the platform's integration tests.
import { status } from '@grpc/grpc-js';
import { newId } from '@kassa/platform/ids';
import { NextRequest } from 'next/server';

const hit = jest.fn();
const peek = jest.fn();
const checkout = jest.fn();
const getGuestOrder = jest.fn();
const renewGuestOrder = jest.fn();
const createPayment = jest.fn();
const completeDemoPayment = jest.fn();
const handleProviderWebhook = jest.fn();
jest.mock('../../server/rate-limit', () => ({
  hitBffRateLimit: (key: string, limit: unknown) => hit(key, limit),
  peekBffRateLimit: (key: string, limit: unknown) => peek(key, limit),
}));
jest.mock('../../server/clients/order-client', () => ({
  orderClient: () => ({ checkout, getGuestOrder, renewGuestOrder }),
}));
jest.mock('../../server/clients/payment-client', () => ({
  paymentClient: () => ({ createPayment, completeDemoPayment, handleProviderWebhook }),
}));

import { POST as checkoutRoute } from '../../app/api/shops/[shopId]/checkout/route';
import { GET as orderRoute } from '../../app/api/orders/[orderId]/route';
import { POST as retryRoute } from '../../app/api/orders/[orderId]/payments/route';
import { POST as demoRoute } from '../../app/api/payments/[paymentId]/demo/route';
import { POST as webhookRoute } from '../../app/api/webhooks/stripe/route';
import { checkoutPaymentKey } from '../../server/shops/checkout-requests';
import { logger } from '../../server/logger';

/** A failed call as the platform client throws it (judged by shape: name, code, details, violations). */
const grpcError = (code: status, details: string, violations: { field: string; message: string }[] = []) =>
  Object.assign(new Error(`${status[code]} ${details}`), { name: 'GrpcCallError', code, details, violations });

const ORIGIN = 'http://localhost:3000';
const SHOP = newId('shp');
const ITEM = newId('itm');
const ORDER = newId('ord');
const PAYMENT = newId('pay');
const KEY = '0123456789abcdef0123456789abcdef';
/** The order's access key (the guest's capability). */
const ACCESS = 'the_orders_access_keys';
const TOKEN = 'a'.repeat(43);

const guestOrder = (overrides: Record<string, unknown> = {}) => ({
  id: ORDER,
  number: 'K7F3-9QX2',
  shopId: SHOP,
  status: 'reserved',
  lines: [
    {
      itemId: ITEM,
      ticketOptionId: newId('tko'),
      eventIds: [newId('evt')],
      name: 'Weekend pass',
      quantity: 2,
      unitPriceMinor: 4500,
      subtotalMinor: 9000,
      discountMinor: 900,
      totalMinor: 8100,
    },
  ],
  money: {
    currency: 'EUR',
    subtotalMinor: 9000,
    discountMinor: 900,
    donationMinor: 500,
    feeMinor: 98,
    totalMinor: 8698,
    refundedMinor: 0,
  },
  email: 'guest@example.test',
  discountCode: 'HARBOUR10',
  expiresAt: new Date('2031-07-01T10:15:00Z'),
  paidAt: undefined,
  createdAt: new Date('2031-07-01T10:00:00Z'),
  payable: true,
  outcome: '',
  locale: 'en',
  accessKey: ACCESS,
  ...overrides,
});
const payment = (overrides: Record<string, unknown> = {}) => ({
  id: PAYMENT,
  orderId: ORDER,
  organisationId: newId('org'),
  provider: 'demo',
  status: 'pending',
  amount: { amountMinor: 8698, currency: 'EUR' },
  refundedMinor: 0,
  providerReference: '',
  redirectUrl: `${ORIGIN}/payments/demo/${PAYMENT}?key=${ACCESS}`,
  failureReason: '',
  createdAt: new Date(),
  updatedAt: new Date(),
  orderNumber: 'K7F3-9QX2',
  testMode: true,
  ...overrides,
});

interface Call {
  body?: unknown;
  origin?: string | null;
  headers?: Record<string, string>;
  method?: string;
}

function request(path: string, { body, origin = ORIGIN, headers = {}, method = 'POST' }: Call): NextRequest {
  const all = new Headers({ host: 'localhost:3000', 'content-type': 'application/json', ...headers });
  if (origin) all.set('origin', origin);
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
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

const ATTESTATION = 'a1.ordering.1796040000.b3JkZXI.' + 'A'.repeat(43);
const checkoutBody = {
  items: [{ itemId: ITEM, quantity: 2 }],
  subscribe: true,
  email: ' guest@example.test ',
  discountCode: 'harbour10',
  donationMinor: 500,
  idempotencyKey: KEY,
  locale: 'en',
};
const placeOrder = (options: Call = {}, shopId = SHOP) =>
  call(checkoutRoute, `/api/shops/${shopId}/checkout`, { shopId }, { body: checkoutBody, ...options });

beforeEach(() => {
  for (const mock of [
    hit,
    peek,
    checkout,
    getGuestOrder,
    renewGuestOrder,
    createPayment,
    completeDemoPayment,
    handleProviderWebhook,
  ])
    mock.mockReset();
  hit.mockResolvedValue({ allowed: true, retryAfterSeconds: 0 });
  peek.mockResolvedValue({ allowed: true, retryAfterSeconds: 0 });
  checkout.mockResolvedValue({ order: guestOrder(), created: true, payableOrderAttestation: ATTESTATION });
  createPayment.mockResolvedValue({ payment: payment() });
  renewGuestOrder.mockResolvedValue({ order: guestOrder() });
});

describe('POST /api/shops/{shopId}/checkout', () => {
  it('refuses a request from another site before anything else (403)', async () => {
    expect((await placeOrder({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await placeOrder({ origin: null })).status).toBe(403);
    expect(hit).not.toHaveBeenCalled();
    expect(checkout).not.toHaveBeenCalled();
  });

  it('counts each checkout per IP and shop and answers 429 with Retry-After when the limit is used up, before looking at the id', async () => {
    hit.mockResolvedValueOnce({ allowed: false, retryAfterSeconds: 42 });
    const limited = await placeOrder({}, 'nonsense');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('42');
    expect(hit).toHaveBeenCalledWith(
      'checkout:-:127.0.0.1',
      expect.objectContaining({ limit: expect.any(Number), windowSeconds: 60 }),
    );
    await placeOrder();
    expect(hit).toHaveBeenLastCalledWith(`checkout:${SHOP}:127.0.0.1`, expect.anything());
    expect((hit.mock.calls[1]![1] as { limit: number }).limit).toBeGreaterThanOrEqual(300);
  });

  it("answers 400 'ID is invalid' for a malformed shop id, before the body", async () => {
    expect(await placeOrder({ body: {} }, 'shp_1')).toMatchObject({ status: 400, body: { message: 'ID is invalid' } });
    expect(await placeOrder({ body: {} }, newId('evt'))).toMatchObject({
      status: 400,
      body: { message: 'ID is invalid' },
    });
    expect(checkout).not.toHaveBeenCalled();
  });

  it("names every broken field in the spec's words, with the generic form message", async () => {
    expect(await placeOrder({ body: {} })).toMatchObject({
      status: 400,
      body: {
        message: 'Some fields are not valid. Please check the form and try again.',
        fields: {
          items: 'Checkout needs at least one item',
          email: 'Email is required',
          idempotencyKey: 'Idempotency key is required',
        },
      },
    });
    const bad = await placeOrder({
      body: {
        ...checkoutBody,
        items: [{ itemId: 'evt_nope', quantity: 0 }],
        email: 'not-an-address',
        donationMinor: -5,
        idempotencyKey: 'short',
        subscribe: 'yes',
        discountCode: 'X'.repeat(40),
      },
    });
    expect(bad.body.fields).toEqual({
      'items.0.itemId': 'ID is invalid',
      'items.0.quantity': 'Minimum value is 1',
      email: 'Email is invalid',
      donationMinor: 'Minimum value is 0',
      idempotencyKey: 'Idempotency key is invalid',
      subscribe: 'Subscribe is invalid',
      // Longer than any code: the words of an unknown code, which tell nothing more.
      discountCode: 'Discount code is invalid',
    });
    expect((await placeOrder({ body: 'not json' })).body.fields).toMatchObject({
      items: 'Checkout needs at least one item',
    });
    expect(checkout).not.toHaveBeenCalled();
  });

  it("refuses a control character in any field at the one body check, whatever the field's own rules, without asking ordering", async () => {
    const withNul = await placeOrder({
      body: { ...checkoutBody, email: 'guest@example.test\u0000', discountCode: 'a\u0007b' },
    });
    expect(withNul).toMatchObject({
      status: 400,
      body: {
        message: 'Some fields are not valid. Please check the form and try again.',
        fields: { email: 'Email is invalid', discountCode: 'Discount code is invalid' },
      },
    });
    // A field the schema does not know is dropped with its value: nothing of it reaches a service.
    expect(
      (
        await placeOrder({
          body: { ...checkoutBody, items: [{ itemId: ITEM, quantity: 2, note: '\u001b' }], extra: 'a\u0000' },
        })
      ).status,
    ).toBe(201);
    expect(checkout).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(checkout.mock.calls[0])).not.toContain('\\u0000');
  });

  it('refuses an oversized body with 413, by its declared length or by what actually arrives', async () => {
    const huge = JSON.stringify({ ...checkoutBody, discountCode: 'x'.repeat(40_000) });
    expect(await placeOrder({ body: huge })).toMatchObject({
      status: 413,
      body: { message: 'The request is too large.' },
    });
    expect((await placeOrder({ headers: { 'content-length': String(1024 * 1024) } })).status).toBe(413);
    expect(checkout).not.toHaveBeenCalled();
  });

  it('places the order with the cart, the access cookie and the locale, starts a payment with a key derived from the checkout, and sends the guest to the provider', async () => {
    const answer = await placeOrder({
      headers: { cookie: `kassa_shop_${SHOP}=${TOKEN}` },
      body: { ...checkoutBody, locale: 'nl' },
    });
    expect(answer).toMatchObject({
      status: 201,
      body: {
        orderId: ORDER,
        accessKey: ACCESS,
        status: 'reserved',
        redirectUrl: `${ORIGIN}/nl/payments/demo/${PAYMENT}?key=${ACCESS}`,
      },
    });
    expect(checkout).toHaveBeenCalledWith({
      shopId: SHOP,
      lines: [{ itemId: ITEM, quantity: 2 }],
      email: 'guest@example.test',
      discountCode: 'harbour10',
      donationMinor: 500,
      subscribe: true,
      idempotencyKey: KEY,
      accessToken: TOKEN,
      locale: 'nl',
      // No trusted proxy here: the guest's address is unknown, so ordering caps holds by e-mail address alone.
      clientAddress: '',
    });
    const paymentKey = checkoutPaymentKey(SHOP, KEY);
    // ordering's attestation of the order goes to payments as it came, so that payments need not ask ordering.
    expect(createPayment).toHaveBeenCalledWith({
      orderId: ORDER,
      orderAccessKey: ACCESS,
      idempotencyKey: paymentKey,
      returnOrigin: ORIGIN,
      payableOrderAttestation: ATTESTATION,
    });
    expect(paymentKey).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(paymentKey).not.toBe(KEY);
  });

  it('leaves a provider page of another site exactly as the provider gave it, and answers a retried checkout with 200', async () => {
    checkout.mockResolvedValue({ order: guestOrder(), created: false });
    createPayment.mockResolvedValue({
      payment: payment({ provider: 'stripe', redirectUrl: 'https://checkout.stripe.com/c/pay/cs_test_1' }),
    });
    expect(await placeOrder()).toMatchObject({
      status: 200,
      body: { redirectUrl: 'https://checkout.stripe.com/c/pay/cs_test_1' },
    });
  });

  it('sends a free order (paid at once) straight to its order page, without a payment', async () => {
    checkout.mockResolvedValue({
      order: guestOrder({ status: 'paid', payable: false, money: { ...guestOrder().money, totalMinor: 0 } }),
      created: true,
    });
    expect((await placeOrder()).body).toEqual({
      orderId: ORDER,
      accessKey: ACCESS,
      status: 'paid',
      redirectUrl: `/order/${ORDER}?key=${ACCESS}`,
    });
    expect((await placeOrder({ body: { ...checkoutBody, locale: 'nl' } })).body.redirectUrl).toBe(
      `/nl/order/${ORDER}?key=${ACCESS}`,
    );
    expect(createPayment).not.toHaveBeenCalled();
  });

  it('still answers with the order when the payment cannot be started, so the order page can offer Retry payment', async () => {
    const quiet = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    createPayment.mockRejectedValue(grpcError(status.UNAVAILABLE, 'payments is down'));
    expect(await placeOrder()).toMatchObject({
      status: 201,
      body: { orderId: ORDER, status: 'reserved', redirectUrl: `/order/${ORDER}?key=${ACCESS}&payment=error` },
    });
    quiet.mockRestore();
  });

  it("maps ordering's refusals through the one mapping, naming the cart's lines as the browser sent them", async () => {
    checkout.mockRejectedValueOnce(
      grpcError(status.INVALID_ARGUMENT, 'invalid', [
        { field: 'lines.0.quantity', message: 'Quantity is invalid' },
        { field: 'discount_code', message: 'Discount code is invalid' },
      ]),
    );
    expect(await placeOrder()).toMatchObject({
      status: 400,
      body: {
        message: 'Some fields are not valid. Please check the form and try again.',
        fields: { 'items.0.quantity': 'Quantity is invalid', discountCode: 'Discount code is invalid' },
      },
    });
    checkout.mockRejectedValueOnce(grpcError(status.PERMISSION_DENIED, 'password'));
    expect((await placeOrder()).status).toBe(403);
    checkout.mockRejectedValueOnce(grpcError(status.NOT_FOUND, 'Shop not found'));
    expect(await placeOrder()).toMatchObject({ status: 404, body: { message: 'Shop not found' } });
    expect(createPayment).not.toHaveBeenCalled();
  });

  it('counts a code that did not apply as a miss, and once the misses are used up answers 429 for any code before asking ordering', async () => {
    checkout.mockRejectedValueOnce(
      grpcError(status.INVALID_ARGUMENT, 'invalid', [{ field: 'discount_code', message: 'Discount code is invalid' }]),
    );
    expect((await placeOrder()).status).toBe(400);
    expect(peek).toHaveBeenCalledWith(`code-miss:${SHOP}:127.0.0.1`, { limit: 20, windowSeconds: 600 });
    expect(hit).toHaveBeenLastCalledWith(`code-miss:${SHOP}:127.0.0.1`, { limit: 20, windowSeconds: 600 });

    checkout.mockClear();
    peek.mockResolvedValueOnce({ allowed: false, retryAfterSeconds: 300 });
    const limited = await placeOrder();
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '300']);
    expect(checkout).not.toHaveBeenCalled();

    // A cart without a code is never held back by the misses, and a code that applies counts none.
    peek.mockClear();
    hit.mockClear();
    expect((await placeOrder({ body: { ...checkoutBody, discountCode: '' } })).status).toBe(201);
    expect((await placeOrder()).status).toBe(201);
    expect(peek).toHaveBeenCalledTimes(1);
    expect(hit.mock.calls.filter(([key]) => String(key).startsWith('code-miss:'))).toEqual([]);
  });
});

describe('GET /api/orders/{orderId}', () => {
  const get = (orderId = ORDER, key: string | null = ACCESS) =>
    call(
      orderRoute,
      `/api/orders/${orderId}${key === null ? '' : `?key=${key}`}`,
      { orderId },
      { method: 'GET', origin: null },
    );

  it('answers the guest view, never cached', async () => {
    getGuestOrder.mockResolvedValue({ order: guestOrder() });
    const answer = await get();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body.order).toMatchObject({
      id: ORDER,
      status: 'reserved',
      currency: 'EUR',
      totalMinor: 8698,
      donationMinor: 500,
      feeMinor: 98,
      discountCode: 'HARBOUR10',
      expiresAt: '2031-07-01T10:15:00.000Z',
      paidAt: '',
      payable: true,
    });
    expect(getGuestOrder).toHaveBeenCalledWith({ orderId: ORDER, accessKey: ACCESS });
    expect(hit).toHaveBeenCalledWith(
      'guest-read:127.0.0.1',
      expect.objectContaining({ limit: expect.any(Number), windowSeconds: 60 }),
    );
  });

  it('answers 404 without asking ordering when the key is missing or not a key, and 429 past the per-address limit', async () => {
    for (const key of [null, '', 'short', `${ACCESS}x`, 'the_orders_access_key!'])
      expect(await get(ORDER, key === null ? null : encodeURIComponent(key))).toMatchObject({ status: 404 });
    expect(getGuestOrder).not.toHaveBeenCalled();
    hit.mockResolvedValueOnce({ allowed: false, retryAfterSeconds: 9 });
    const limited = await get();
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '9']);
    expect(getGuestOrder).not.toHaveBeenCalled();
  });

  it("answers 400 'ID is invalid' without asking ordering, and 404 for an unknown order", async () => {
    expect(await get('ord_nope')).toMatchObject({ status: 400, body: { message: 'ID is invalid' } });
    expect(getGuestOrder).not.toHaveBeenCalled();
    getGuestOrder.mockRejectedValue(grpcError(status.NOT_FOUND, 'Order not found'));
    expect((await get()).status).toBe(404);
  });
});

describe('POST /api/orders/{orderId}/payments (Retry payment)', () => {
  const retry = (options: Call = {}, orderId = ORDER, key = ACCESS) =>
    call(
      retryRoute,
      `/api/orders/${orderId}/payments?key=${key}`,
      { orderId },
      { body: { idempotencyKey: KEY }, ...options },
    );

  it('keeps the order of checks: CSRF, rate limit, id, access key, body', async () => {
    expect((await retry({ origin: 'https://evil.example' })).status).toBe(403);
    expect(hit).not.toHaveBeenCalled();
    hit.mockResolvedValueOnce({ allowed: false, retryAfterSeconds: 7 });
    expect((await retry({}, 'nonsense')).status).toBe(429);
    expect(await retry({}, 'nonsense')).toMatchObject({ status: 400, body: { message: 'ID is invalid' } });
    expect(await retry({ body: {} }, ORDER, 'not-a-key')).toMatchObject({ status: 404 });
    expect(await retry({ body: {} })).toMatchObject({
      status: 400,
      body: { fields: { idempotencyKey: 'Idempotency key is required' } },
    });
    expect(await retry({ body: { idempotencyKey: 'has spaces in it' } })).toMatchObject({
      status: 400,
      body: { fields: { idempotencyKey: 'Idempotency key is invalid' } },
    });
    expect(createPayment).not.toHaveBeenCalled();
    expect(renewGuestOrder).not.toHaveBeenCalled();
  });

  it("holds an expired order's tickets again first, and says so plainly when they are gone", async () => {
    expect((await retry()).status).toBe(201);
    expect(renewGuestOrder).toHaveBeenCalledWith({ orderId: ORDER, accessKey: ACCESS });
    expect(renewGuestOrder.mock.invocationCallOrder[0]).toBeLessThan(createPayment.mock.invocationCallOrder[0]!);
    const gone = 'The tickets of this order are no longer available. Please place a new order in the shop.';
    renewGuestOrder.mockRejectedValueOnce(grpcError(status.FAILED_PRECONDITION, gone));
    createPayment.mockClear();
    expect(await retry()).toMatchObject({ status: 409, body: { message: gone } });
    expect(createPayment).not.toHaveBeenCalled();
  });

  it("starts a new attempt with the browser's key and answers where to go; 409 when the order cannot be paid", async () => {
    expect(await retry()).toMatchObject({
      status: 201,
      body: { paymentId: PAYMENT, redirectUrl: `${ORIGIN}/payments/demo/${PAYMENT}?key=${ACCESS}` },
    });
    // Retry payment has no attestation: payments asks ordering.
    expect(createPayment).toHaveBeenCalledWith({
      orderId: ORDER,
      orderAccessKey: ACCESS,
      idempotencyKey: KEY,
      returnOrigin: ORIGIN,
      payableOrderAttestation: '',
    });
    createPayment.mockRejectedValueOnce(grpcError(status.FAILED_PRECONDITION, 'The order cannot be paid now'));
    expect(await retry()).toMatchObject({ status: 409, body: { message: 'The order cannot be paid now' } });
  });
});

describe('POST /api/payments/{paymentId}/demo', () => {
  const choose = (body: unknown, paymentId = PAYMENT, key = ACCESS) =>
    call(demoRoute, `/api/payments/${paymentId}/demo?key=${key}`, { paymentId }, { body });

  it('checks the id, the access key and the action before asking payments', async () => {
    expect(await choose({ action: 'pay' }, 'pay_x')).toMatchObject({ status: 400, body: { message: 'ID is invalid' } });
    expect(await choose({ action: 'pay' }, PAYMENT, '')).toMatchObject({ status: 404 });
    expect(await choose({})).toMatchObject({ status: 400, body: { fields: { action: 'Action is required' } } });
    expect(await choose({ action: 'steal' })).toMatchObject({
      status: 400,
      body: { fields: { action: 'Action is invalid' } },
    });
    expect(completeDemoPayment).not.toHaveBeenCalled();
  });

  it('applies the choice and sends the guest to the order page (saying so after a failure)', async () => {
    completeDemoPayment.mockResolvedValue({ payment: payment({ status: 'paid' }) });
    expect((await choose({ action: 'pay' })).body).toEqual({
      orderId: ORDER,
      redirectUrl: `/order/${ORDER}?key=${ACCESS}`,
    });
    expect(completeDemoPayment).toHaveBeenCalledWith({ paymentId: PAYMENT, action: 'pay', orderAccessKey: ACCESS });
    expect((await choose({ action: 'fail', locale: 'nl' })).body).toEqual({
      orderId: ORDER,
      redirectUrl: `/nl/order/${ORDER}?key=${ACCESS}&payment=failed`,
    });
    expect((await choose({ action: 'abandon' })).body).toEqual({
      orderId: ORDER,
      redirectUrl: `/order/${ORDER}?key=${ACCESS}`,
    });
  });
});

describe('POST /api/webhooks/stripe', () => {
  const event = Buffer.from('{"id":"evt_1","type":"checkout.session.completed","data":{"object":{"note":"ünïcødé"}}}');
  const deliver = (options: Call) =>
    call(
      webhookRoute as unknown as Route<Record<string, never>>,
      '/api/webhooks/stripe',
      {},
      { origin: null, ...options },
    );

  it('forwards the exact bytes and the signature, with no Origin (Stripe sends none)', async () => {
    handleProviderWebhook.mockResolvedValue({ eventId: 'evt_1', applied: true });
    const answer = await deliver({ body: new Uint8Array(event), headers: { 'stripe-signature': 't=1,v1=abc' } });
    expect(answer).toMatchObject({ status: 200, body: { received: true, eventId: 'evt_1', applied: true } });
    const forwarded = handleProviderWebhook.mock.calls[0]![0] as {
      provider: string;
      payload: Buffer;
      signature: string;
    };
    expect(forwarded.provider).toBe('stripe');
    expect(forwarded.signature).toBe('t=1,v1=abc');
    expect(Buffer.compare(forwarded.payload, event)).toBe(0);
  });

  it('answers 400 for a missing or wrong signature, 413 above 1 MB, 503 while payments is away', async () => {
    expect((await deliver({ body: new Uint8Array(event) })).status).toBe(400);
    expect(handleProviderWebhook).not.toHaveBeenCalled();
    handleProviderWebhook.mockRejectedValueOnce(grpcError(status.UNAUTHENTICATED, 'bad signature'));
    expect(
      await deliver({ body: new Uint8Array(event), headers: { 'stripe-signature': 't=1,v1=forged' } }),
    ).toMatchObject({ status: 400, body: { message: 'Signature is invalid' } });
    expect(
      (await deliver({ body: new Uint8Array(1024 * 1024 + 1), headers: { 'stripe-signature': 't=1,v1=abc' } })).status,
    ).toBe(413);
    const quiet = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    handleProviderWebhook.mockRejectedValueOnce(grpcError(status.UNAVAILABLE, 'down'));
    expect((await deliver({ body: new Uint8Array(event), headers: { 'stripe-signature': 't=1,v1=abc' } })).status).toBe(
      503,
    );
    quiet.mockRestore();
  });
});
