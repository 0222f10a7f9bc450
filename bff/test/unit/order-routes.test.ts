// The organiser's order routes (cancel, refund) without servers: the session, identity's Authorize and ordering are
// mocked, so each test shows which check answers first, in the order every organiser route keeps (CSRF → signed in
// → ids → permission → body → ordering), and what reaches ordering.
import { status } from '@grpc/grpc-js';
import { newId } from '@kassa/platform/ids';
import { NextRequest } from 'next/server';

const findSessionUser = jest.fn();
const authorize = jest.fn();
const cancelOrder = jest.fn();
const refundOrder = jest.fn();
jest.mock('../../server/auth/session-user', () => ({ findSessionUser: (token: string) => findSessionUser(token) }));
jest.mock('../../server/clients/organisation-client', () => ({ organisationClientAs: () => ({ authorize }) }));
jest.mock('../../server/clients/order-client', () => ({
  orderClientAs: (userId: string) => ({
    cancelOrder: (req: unknown) => cancelOrder(userId, req),
    refundOrder: (req: unknown) => refundOrder(userId, req),
  }),
}));

import { POST as cancelRoute } from '../../app/api/organisations/[orgId]/orders/[orderId]/cancel/route';
import { POST as refundRoute } from '../../app/api/organisations/[orgId]/orders/[orderId]/refund/route';

/** A failed call as the platform client throws it (judged by shape: name, code, details, violations). */
const grpcError = (code: status, details: string, violations: { field: string; message: string }[] = []) =>
  Object.assign(new Error(`${status[code]} ${details}`), { name: 'GrpcCallError', code, details, violations });

const ORIGIN = 'http://localhost:3000';
const USER = { id: newId('usr'), email: 'olivia@example.test', displayName: 'Olivia', locale: 'en' };
const ORG = newId('org');
const ORDER = newId('ord');
const KEY = 'refund-key-0001';

const order = {
  id: ORDER,
  number: 'K7F3-9QX2',
  organisationId: ORG,
  shopId: newId('shp'),
  status: 'paid',
  lines: [],
  money: {
    currency: 'EUR',
    subtotalMinor: 5000,
    discountMinor: 0,
    donationMinor: 0,
    feeMinor: 98,
    totalMinor: 5098,
    refundedMinor: 0,
  },
  email: 'guest@example.test',
  subscribe: false,
  discountCode: '',
  expiresAt: undefined,
  paidAt: new Date('2031-07-01T10:00:00Z'),
  createdAt: new Date('2031-07-01T09:58:00Z'),
  updatedAt: new Date('2031-07-01T10:00:00Z'),
  outcome: '',
  locale: 'en',
  ticketCount: 2,
};

interface Call {
  orgId?: string;
  orderId?: string;
  body?: unknown;
  signedIn?: boolean;
  origin?: string | null;
}

function request(path: string, { body, signedIn = true, origin = ORIGIN }: Call): NextRequest {
  const headers = new Headers({ host: 'localhost:3000', 'content-type': 'application/json' });
  if (origin) headers.set('origin', origin);
  if (signedIn) headers.set('cookie', 'kassa_session=opaque-session-token');
  return new NextRequest(`${ORIGIN}${path}`, {
    method: 'POST',
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function call(
  route: typeof cancelRoute,
  action: 'cancel' | 'refund',
  options: Call = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const orgId = options.orgId ?? ORG;
  const orderId = options.orderId ?? ORDER;
  const response = await route(request(`/api/organisations/${orgId}/orders/${orderId}/${action}`, options), {
    params: Promise.resolve({ orgId, orderId }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeEach(() => {
  for (const mock of [findSessionUser, authorize, cancelOrder, refundOrder]) mock.mockReset();
  findSessionUser.mockResolvedValue(USER);
  authorize.mockResolvedValue({ allowed: true, member: true, permissions: ['orders.view', 'orders.manage'] });
  cancelOrder.mockResolvedValue({ order: { ...order, status: 'canceled' } });
  refundOrder.mockResolvedValue({
    order,
    refund: {
      id: newId('ref'),
      amountMinor: 5098,
      status: 'requested',
      reason: 'organiser',
      requestedBy: USER.id,
      requestedAt: new Date(),
      completedAt: undefined,
      cancelsOrder: true,
    },
  });
});

describe.each([
  ['cancel', cancelRoute],
  ['refund', refundRoute],
] as const)('POST …/orders/{orderId}/%s: the checks, in order', (action, route) => {
  const body = { full: true, idempotencyKey: KEY };
  const reachedNothing = () => {
    expect(cancelOrder).not.toHaveBeenCalled();
    expect(refundOrder).not.toHaveBeenCalled();
  };

  it('refuses a request from another site before anything else (403)', async () => {
    expect(await call(route, action, { body, origin: 'https://evil.example' })).toEqual({
      status: 403,
      body: { message: 'Forbidden' },
    });
    expect(findSessionUser).not.toHaveBeenCalled();
    reachedNothing();
  });

  it('answers 401 without a session, before looking at the ids', async () => {
    expect((await call(route, action, { body, signedIn: false, orderId: 'nonsense' })).status).toBe(401);
    expect(authorize).not.toHaveBeenCalled();
    reachedNothing();
  });

  it("answers 400 'ID is invalid' for a malformed order or organisation id, without asking identity", async () => {
    expect(await call(route, action, { body, orderId: 'ord_1' })).toEqual({
      status: 400,
      body: { message: 'ID is invalid' },
    });
    expect(await call(route, action, { body, orderId: newId('shp') })).toEqual({
      status: 400,
      body: { message: 'ID is invalid' },
    });
    expect(await call(route, action, { body, orgId: 'org_x' })).toEqual({
      status: 400,
      body: { message: 'ID is invalid' },
    });
    expect(authorize).not.toHaveBeenCalled();
    reachedNothing();
  });

  it('asks identity for "orders.manage": 403 for a member without it, 404 for an outsider, whatever the body', async () => {
    authorize.mockResolvedValue({ allowed: false, member: true, permissions: ['orders.view'] });
    expect(await call(route, action, { body: 'not json' })).toEqual({
      status: 403,
      body: { message: 'You do not have permission to do this.' },
    });
    expect(authorize).toHaveBeenCalledWith({ userId: USER.id, organisationId: ORG, permission: 'orders.manage' });
    authorize.mockResolvedValue({ allowed: false, member: false, permissions: [] });
    expect(await call(route, action, { body })).toEqual({ status: 404, body: { message: 'Not found' } });
    reachedNothing();
  });

  it("maps ordering's answers through the one mapping: NOT_FOUND → 404, FAILED_PRECONDITION → 409 with its words", async () => {
    const mock = action === 'cancel' ? cancelOrder : refundOrder;
    mock.mockRejectedValueOnce(grpcError(status.NOT_FOUND, 'Order not found'));
    expect(await call(route, action, { body })).toEqual({ status: 404, body: { message: 'Order not found' } });
    mock.mockRejectedValueOnce(grpcError(status.FAILED_PRECONDITION, 'The order is not paid'));
    expect(await call(route, action, { body })).toEqual({ status: 409, body: { message: 'The order is not paid' } });
  });
});

describe('POST …/cancel', () => {
  it('cancels the order as the signed-in member and answers it', async () => {
    const answer = await call(cancelRoute, 'cancel');
    expect(answer.status).toBe(200);
    expect(cancelOrder).toHaveBeenCalledWith(USER.id, { organisationId: ORG, orderId: ORDER });
    expect(answer.body.order).toMatchObject({
      id: ORDER,
      status: 'canceled',
      paidAt: '2031-07-01T10:00:00.000Z',
      expiresAt: '',
    });
  });
});

describe('POST …/refund: the body', () => {
  const fieldsOf = async (body: unknown) => {
    const answer = await call(refundRoute, 'refund', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Some fields are not valid. Please check the form and try again.');
    expect(refundOrder).not.toHaveBeenCalled();
    return answer.body.fields;
  };

  it("names each bad field in the spec's words", async () => {
    expect(await fieldsOf({})).toEqual({
      full: 'Full refund is required',
      idempotencyKey: 'Idempotency key is required',
    });
    expect(await fieldsOf('not json')).toEqual({
      full: 'Full refund is required',
      idempotencyKey: 'Idempotency key is required',
    });
    expect(await fieldsOf({ full: 'yes', idempotencyKey: 'short' })).toEqual({
      full: 'Full refund is invalid',
      idempotencyKey: 'Idempotency key is invalid',
    });
    expect(await fieldsOf({ full: false, idempotencyKey: KEY })).toEqual({ amountMinor: 'Amount is required' });
    expect(await fieldsOf({ full: false, amountMinor: 0, idempotencyKey: KEY })).toEqual({
      amountMinor: 'Minimum value is 1',
    });
    expect(await fieldsOf({ full: false, amountMinor: -250, idempotencyKey: KEY })).toEqual({
      amountMinor: 'Minimum value is 1',
    });
    expect(await fieldsOf({ full: false, amountMinor: 12.5, idempotencyKey: KEY })).toEqual({
      amountMinor: 'Amount is invalid',
    });
    expect(await fieldsOf({ full: false, amountMinor: '1250', idempotencyKey: KEY })).toEqual({
      amountMinor: 'Amount is invalid',
    });
    expect(await fieldsOf({ full: true, idempotencyKey: 'has spaces in it' })).toEqual({
      idempotencyKey: 'Idempotency key is invalid',
    });
  });

  it('asks ordering for a full refund (any amount sent along is ignored) with the idempotency key', async () => {
    const answer = await call(refundRoute, 'refund', { body: { full: true, amountMinor: 99, idempotencyKey: KEY } });
    expect(answer.status).toBe(200);
    expect(refundOrder).toHaveBeenCalledWith(USER.id, {
      organisationId: ORG,
      orderId: ORDER,
      full: true,
      amountMinor: 0,
      idempotencyKey: KEY,
    });
    expect(answer.body.refund).toMatchObject({
      amountMinor: 5098,
      status: 'requested',
      cancelsOrder: true,
      requestedBy: { kind: 'former' },
    });
  });

  it('asks ordering for a partial refund of the amount in minor units', async () => {
    expect(
      (await call(refundRoute, 'refund', { body: { full: false, amountMinor: 1250, idempotencyKey: KEY } })).status,
    ).toBe(200);
    expect(refundOrder).toHaveBeenCalledWith(USER.id, {
      organisationId: ORG,
      orderId: ORDER,
      full: false,
      amountMinor: 1250,
      idempotencyKey: KEY,
    });
  });

  it("places ordering's amount violation on the amount field", async () => {
    refundOrder.mockRejectedValueOnce(
      grpcError(status.INVALID_ARGUMENT, 'invalid', [{ field: 'amount_minor', message: 'Amount is invalid' }]),
    );
    const answer = await call(refundRoute, 'refund', {
      body: { full: false, amountMinor: 999_999, idempotencyKey: KEY },
    });
    expect(answer).toEqual({
      status: 400,
      body: {
        message: 'Some fields are not valid. Please check the form and try again.',
        fields: { amountMinor: 'Amount is invalid' },
      },
    });
  });
});
