import { createGrpcClient, type PromiseClient } from '@kassa/platform/grpc';
import { OrderingServiceClient, type OrderingServiceService } from '@kassa/proto/ordering/v1/ordering';
import { readBffConfig, readCallerKey } from '../bff-config';

export type OrderingClient = PromiseClient<OrderingServiceService>;

// One channel per process; kept on globalThis so that dev-mode module reloads do not open a new one each time.
const holder = globalThis as typeof globalThis & { kassaOrderingClient?: OrderingClient };

/** ordering's OrderingService: GetAvailability and PriceCart are anonymous and read-only. */
export function orderingClient(): OrderingClient {
  holder.kassaOrderingClient ??= createGrpcClient(OrderingServiceClient, readBffConfig().orderingAddress, {
    callerKey: readCallerKey(),
    deadlineMs: 5000,
  });
  return holder.kassaOrderingClient;
}
