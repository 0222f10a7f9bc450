import { calendarDay, DEFAULT_TIME_ZONE, isTimeZone } from '@kassa/contracts/time-zones';
import { messages, ValidationError } from '@kassa/platform/errors';
import type { CallContext } from '@kassa/platform/grpc';
import type { DashboardAttention, GetDashboardRequest, GetDashboardResponse } from '@kassa/proto/ordering/v1/orders';
import type { EntityManager } from '@mikro-orm/postgresql';
import { conflictsEndedBefore, FAILED_EMAILS_LISTED, STUCK_AFTER_MINUTES, stuckBefore } from '../domain/attention';
import { eventCapacity, firstDayRead, salesOverview } from '../domain/sales-overview';
import { shopWindow } from '../domain/sale-window';
import { checkInCounts, failedOrderEmails, scanConflictsByEvent, stuckMoney } from '../persistence/activity.repository';
import { dailySales, liveEvents, newestOrderIds, openHolds, unclosedShops } from '../persistence/dashboard.repository';
import { checkOrderIds, loadOrders } from './order-records';
import { CHECKIN, ORDERS_VIEW, type OrderingContext } from './ordering-context';

/** Live events, open and upcoming shops shown, and recent orders. */
export const DASHBOARD_EVENTS = 10;
export const DASHBOARD_SHOPS = 10;
export const DASHBOARD_RECENT_ORDERS = 5;

/**
 * The organisation's dashboard from ordering's own tables: any member sees the live events with sold of capacity and
 * the open and upcoming shops and their check-ins; sales, holds, recent orders, failed e-mails and stuck payments need
 * "orders.view", scan conflicts "checkin".
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

  const live = await liveEvents(em, request.organisationId, now, DASHBOARD_EVENTS);
  const checkedIn = await checkInCounts(
    em,
    live.map((event) => event.id),
  );
  const events = live.map((event) => ({
    id: event.id,
    name: event.name,
    startsAt: event.startsAt ?? undefined,
    endsAt: event.endsAt,
    sold: event.sold,
    reserved: event.reserved,
    capacity: eventCapacity(event.ticketLimit, event.optionsCapacity) ?? undefined,
    shopCount: event.shopCount,
    timeZone: event.timeZone,
    checkedIn: checkedIn.get(event.id) ?? 0,
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
    attention: await attention(em, request.organisationId, permissions, now),
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

/** What needs the organiser's attention, each part only for members who may act on it. */
async function attention(
  em: EntityManager,
  organisationId: string,
  permissions: readonly string[],
  now: Date,
): Promise<DashboardAttention> {
  const sales = permissions.includes(ORDERS_VIEW);
  const failed = sales ? await failedOrderEmails(em, organisationId, FAILED_EMAILS_LISTED) : undefined;
  const stuck = sales ? await stuckMoney(em, organisationId, stuckBefore(now)) : undefined;
  return {
    failedEmailOrders: failed?.total ?? 0,
    failedEmails: failed?.newest ?? [],
    stuckPayments: stuck?.payments ?? 0,
    stuckRefunds: stuck?.refunds ?? 0,
    stuckAfterMinutes: STUCK_AFTER_MINUTES,
    scanConflicts: permissions.includes(CHECKIN)
      ? await scanConflictsByEvent(em, organisationId, conflictsEndedBefore(now))
      : [],
  };
}
