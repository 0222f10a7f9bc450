import { createGrpcClient, type PromiseClient } from '@kassa/platform/grpc';
import { OrderServiceClient, type OrderServiceService } from '@kassa/proto/ordering/v1/orders';
import { type Acting, actingAs } from './acting-client';
import { readBffConfig, readCallerKey } from '../bff-config';

export type OrderClient = PromiseClient<OrderServiceService>;

// One channel per process (ordering serves OrderService beside OrderingService); kept on globalThis so that
// dev-mode module reloads do not open a new one each time.
const holder = globalThis as typeof globalThis & { kassaOrderClient?: OrderClient };

/** ordering's OrderService; the guest's calls (Checkout, GetGuestOrder) use it as is. */
export function orderClient(): OrderClient {
  // Checkout reserves under row locks; a rush can queue it behind others, so it gets more time than a read.
  holder.kassaOrderClient ??= createGrpcClient(OrderServiceClient, readBffConfig().orderingAddress, {
    callerKey: readCallerKey(),
    deadlineMs: 10_000,
  });
  return holder.kassaOrderClient;
}

/** The organiser calls, acting for the signed-in user: `orderClientAs(user.id).listOrders({ … })`. */
export function orderClientAs(userId: string): Acting<OrderClient> {
  return actingAs(orderClient(), userId);
}
