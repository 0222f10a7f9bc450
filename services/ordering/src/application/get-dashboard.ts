import { calendarDay, DEFAULT_TIME_ZONE, isTimeZone } from '@kassa/contracts/time-zones';
import { messages, ValidationError } from '@kassa/platform/errors';
import type { CallContext } from '@kassa/platform/grpc';
import type { GetDashboardRequest, GetDashboardResponse } from '@kassa/proto/ordering/v1/orders';
import { eventCapacity, firstDayRead, salesOverview } from '../domain/sales-overview';
import { shopWindow } from '../domain/sale-window';
import { dailySales, liveEvents, newestOrderIds, openHolds, unclosedShops } from '../persistence/dashboard.repository';
import { checkOrderIds, loadOrders } from './order-records';
import { ORDERS_VIEW, type OrderingContext } from './ordering-context';

/** Live events, open and upcoming shops shown, and recent orders. */
export const DASHBOARD_EVENTS = 10;
export const DASHBOARD_SHOPS = 10;
export const DASHBOARD_RECENT_ORDERS = 5;

/**
 * The organisation's dashboard from ordering's own tables: any member sees the live events with sold of capacity and
 * the open and upcoming shops; sales, holds and recent orders need "orders.view".
 */
export async function getDashboard(
  ctx: OrderingContext,
  call: Pick<CallContext, 'actor'>,
  request: GetDashboardRequest,
): Promise<GetDashboardResponse> {
  checkOrderIds({ organisationId: request.organisationId });
  const timeZone = request.timeZone || DEFAULT_TIME_ZONE;
  if (!isTimeZone(timeZone)) throw new ValidationError([{ field: 'timeZone', message: messages.invalid('Time zone') }]);
  const { permissions } = await ctx.authorizer.authorize(call, request.organisationId, '');
  const salesVisible = permissions.includes(ORDERS_VIEW);
  const now = ctx.now();
  const em = ctx.orm.em.fork();

  const events = (await liveEvents(em, request.organisationId, now, DASHBOARD_EVENTS)).map((event) => ({
    id: event.id,
    name: event.name,
    startsAt: event.startsAt ?? undefined,
    endsAt: event.endsAt,
    sold: event.sold,
    reserved: event.reserved,
    capacity: eventCapacity(event.ticketLimit, event.optionsCapacity) ?? undefined,
    shopCount: event.shopCount,
    timeZone: event.timeZone,
  }));
  const shops = (await unclosedShops(em, request.organisationId, now, DASHBOARD_SHOPS)).flatMap((shop) => {
    // Closed early (catalog's window says so before the clock does): no longer open or upcoming.
    const window = shopWindow(shop, now);
    return window === 'closed'
      ? []
      : [
          {
            id: shop.id,
            name: shop.name,
            window,
            opensAt: shop.opensAt,
            closesAt: shop.closesAt,
            currency: shop.currency,
          },
        ];
  });
  const answer: GetDashboardResponse = {
    sales: [],
    openHolds: 0,
    heldTickets: 0,
    events,
    shops,
    recentOrders: [],
    timeZone,
    salesVisible,
  };
  if (!salesVisible) return answer;

  const today = calendarDay(now, timeZone);
  return {
    ...answer,
    sales: salesOverview(await dailySales(em, request.organisationId, timeZone, firstDayRead(today)), today),
    ...(await openHolds(em, request.organisationId)),
    recentOrders: await loadOrders(em, await newestOrderIds(em, request.organisationId, DASHBOARD_RECENT_ORDERS)),
  };
}
