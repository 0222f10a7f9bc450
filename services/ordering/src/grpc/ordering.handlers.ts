import type { AsyncHandlers } from '@kassa/platform/grpc';
import { OrderingServiceService } from '@kassa/proto/ordering/v1/ordering';
import { getAvailability } from '../application/get-availability';
import { listEventShops } from '../application/list-event-shops';
import type { OrderingContext } from '../application/ordering-context';
import { priceCart } from '../application/price-cart';

export const orderingService = OrderingServiceService;

/** The guest-facing reads; anonymous, so no call context is passed on. */
export function orderingHandlers(ctx: OrderingContext): AsyncHandlers<typeof OrderingServiceService> {
  return {
    getAvailability: (request) => getAvailability(ctx, request),
    priceCart: (request) => priceCart(ctx, request),
    listEventShops: (request) => listEventShops(ctx, request),
  };
}
