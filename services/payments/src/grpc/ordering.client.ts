import { NotFoundError } from '@kassa/platform/errors';
import { type CallerKey, createGrpcClient, isGrpcCallError, status } from '@kassa/platform/grpc';
import { OrderServiceClient } from '@kassa/proto/ordering/v1/orders';
import { ORDER_NOT_FOUND } from '../application/payment-records';
import { type OrderLookup, toPayableOrder } from '../application/payments-context';

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
        return toPayableOrder(await client.getPayableOrder({ orderId }));
      } catch (error) {
        // ordering's NOT_FOUND is this call's answer too; other failures pass on (UNAVAILABLE stays UNAVAILABLE).
        if (isGrpcCallError(error) && error.code === status.NOT_FOUND) throw new NotFoundError(ORDER_NOT_FOUND);
        throw error;
      }
    },
    close: () => client.close(),
  };
}
