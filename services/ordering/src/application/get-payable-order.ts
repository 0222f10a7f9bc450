import { PAYABLE_ORDER_ATTESTATION } from '@kassa/contracts/payable-order';
import { NotFoundError, Violations } from '@kassa/platform/errors';
import { attest } from '@kassa/platform/grpc';
import { GetPayableOrderResponse, type GetPayableOrderRequest } from '@kassa/proto/ordering/v1/orders';
import { isHeld, isPayable } from '../domain/order-status';
import { OrderEntity, type OrderRow } from '../persistence/order.entity';
import { ORDER_NOT_FOUND } from './order-records';
import type { OrderingContext } from './ordering-context';

/** What payments needs to start an attempt; payments never trusts an amount from anyone else. */
export async function getPayableOrder(
  ctx: OrderingContext,
  request: GetPayableOrderRequest,
): Promise<GetPayableOrderResponse> {
  const violations = new Violations();
  const orderId = violations.id('orderId', request.orderId, 'ord');
  violations.throwIfAny();
  const order = await ctx.orm.em.fork().findOne(OrderEntity, { id: orderId });
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  return payableOrderOf(order, ctx.now());
}

type PayableFields = Pick<
  OrderRow,
  | 'id'
  | 'number'
  | 'organisationId'
  | 'shopId'
  | 'status'
  | 'totalMinor'
  | 'currency'
  | 'expiresAt'
  | 'email'
  | 'locale'
  | 'accessKey'
>;

function payableOrderOf(order: PayableFields, now: Date): GetPayableOrderResponse {
  return {
    orderId: order.id,
    number: order.number,
    organisationId: order.organisationId,
    shopId: order.shopId,
    status: order.status,
    payable: isPayable(order, now),
    amountMinor: order.totalMinor,
    currency: order.currency,
    expiresAt: isHeld(order.status) && order.expiresAt ? order.expiresAt : undefined,
    email: order.email,
    locale: order.locale,
    accessKey: order.accessKey,
  };
}

/**
 * GetPayableOrder's answer for `order` as ordering's attestation to payments (CheckoutResponse.payable_order_attestation),
 * or '' when the order cannot be paid now: the guest's browser starts its payment without payments asking again.
 */
export function attestPayableOrder(ctx: OrderingContext, order: PayableFields): string {
  const now = ctx.now();
  const payable = payableOrderOf(order, now);
  if (!payable.payable) return '';
  const { reader, purpose } = PAYABLE_ORDER_ATTESTATION;
  return attest(ctx.callerKey, reader, purpose, GetPayableOrderResponse.encode(payable).finish(), now.getTime());
}
