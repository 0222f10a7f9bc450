import { NotFoundError } from '@kassa/platform/errors';
import { type CallerKey, createGrpcClient, isGrpcCallError, status } from '@kassa/platform/grpc';
import { OrderServiceClient } from '@kassa/proto/ordering/v1/orders';
import { ORDER_NOT_FOUND } from '../application/payment-records';
import type { OrderLookup } from '../application/payments-context';

/** ordering's OrderService.GetPayableOrder as the OrderLookup port. */
export function createOrderLookup(
  address: string,
  callerKey: CallerKey,
  deadlineMs = 5_000,
): OrderLookup & { close(): void } {
  const client = createGrpcClient(OrderServiceClient, address, { callerKey, deadlineMs });
  return {
    async getPayableOrder(orderId) {
      try {
        const order = await client.getPayableOrder({ orderId });
        return {
          orderId: order.orderId,
          number: order.number,
          organisationId: order.organisationId,
          shopId: order.shopId,
          status: order.status,
          payable: order.payable,
          amountMinor: order.amountMinor,
          currency: order.currency,
          expiresAt: order.expiresAt ?? null,
          email: order.email,
          locale: order.locale,
          accessKey: order.accessKey,
        };
      } catch (error) {
        // ordering's NOT_FOUND is this call's answer too; other failures pass on (UNAVAILABLE stays UNAVAILABLE).
        if (isGrpcCallError(error) && error.code === status.NOT_FOUND) throw new NotFoundError(ORDER_NOT_FOUND);
        throw error;
      }
    },
    close: () => client.close(),
  };
}
