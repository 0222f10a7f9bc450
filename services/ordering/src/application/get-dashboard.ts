import { calendarDay, DISPLAY_TIME_ZONE } from '@kassa/contracts/time-zones';
import type { CallContext } from '@kassa/platform/grpc';
import type { GetDashboardRequest, GetDashboardResponse } from '@kassa/proto/ordering/v1/orders';
import { eventCapacity, firstDayRead, salesOverview } from '../domain/sales-overview';
import { dailySales, liveEvents, newestOrderIds, openHolds } from '../persistence/dashboard.repository';
import { checkOrderIds, loadOrders } from './order-records';
import { ORDERS_VIEW, type OrderingContext } from './ordering-context';

/** Live events shown, and recent orders. */
export const DASHBOARD_EVENTS = 10;
export const DASHBOARD_RECENT_ORDERS = 5;

/**
 * The organisation's dashboard from ordering's own tables: any member sees the live events with sold of capacity;
 * sales, holds and recent orders need "orders.view".
 */
export async function getDashboard(
  ctx: OrderingContext,
  call: Pick<CallContext, 'actor'>,
  request: GetDashboardRequest,
): Promise<GetDashboardResponse> {
  checkOrderIds({ organisationId: request.organisationId });
  const { permissions } = await ctx.authorizer.authorize(call, request.organisationId, '');
  const salesVisible = permissions.includes(ORDERS_VIEW);
  const now = ctx.now();
  const timeZone = DISPLAY_TIME_ZONE;
  const em = ctx.orm.em.fork();

  const events = (await liveEvents(em, request.organisationId, now, DASHBOARD_EVENTS)).map((event) => ({
    id: event.id,
    name: event.name,
    startsAt: event.startsAt ?? undefined,
    endsAt: event.endsAt,
    sold: event.sold,
    reserved: event.reserved,
    capacity: eventCapacity(event.ticketLimit, event.optionsCapacity) ?? undefined,
  }));
  const answer: GetDashboardResponse = {
    sales: [],
    openHolds: 0,
    heldTickets: 0,
    events,
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
