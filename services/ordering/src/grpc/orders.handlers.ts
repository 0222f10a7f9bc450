import type { AsyncHandlers } from '@kassa/platform/grpc';
import { OrderServiceService } from '@kassa/proto/ordering/v1/orders';
import { cancelOrder } from '../application/cancel-order';
import { checkout } from '../application/checkout';
import { getDashboard } from '../application/get-dashboard';
import { getGuestOrder } from '../application/get-guest-order';
import { getOrder } from '../application/get-order';
import { getPayableOrder } from '../application/get-payable-order';
import { listOptIns } from '../application/list-opt-ins';
import { listOrders } from '../application/list-orders';
import type { OrderingContext } from '../application/ordering-context';
import { refundOrder } from '../application/refund-order';
import { renewGuestOrder } from '../application/renew-guest-order';

export const orderService = OrderServiceService;

/**
 * Guests' calls are anonymous (the order's access key is the capability, checked with the order id); organiser calls
 * pass their call context to be authorised.
 */
export function orderHandlers(ctx: OrderingContext): AsyncHandlers<typeof OrderServiceService> {
  return {
    checkout: (request) => checkout(ctx, request),
    getGuestOrder: (request) => getGuestOrder(ctx, request),
    renewGuestOrder: (request) => renewGuestOrder(ctx, request),
    getPayableOrder: (request) => getPayableOrder(ctx, request),
    listOrders: (request, call) => listOrders(ctx, call, request),
    getOrder: (request, call) => getOrder(ctx, call, request),
    cancelOrder: (request, call) => cancelOrder(ctx, call, request),
    refundOrder: (request, call) => refundOrder(ctx, call, request),
    getDashboard: (request, call) => getDashboard(ctx, call, request),
    listOptIns: (request, call) => listOptIns(ctx, call, request),
  };
}
