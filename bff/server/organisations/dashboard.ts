// The organisation's dashboard: one call to ordering, which answers from its own orders and its projection of
// catalog's events (no call per event or per shop on a page view).
import type { DashboardView, SalesPeriod } from '@kassa/web/lib/dashboard-model';
import type { GetDashboardResponse } from '@kassa/proto/ordering/v1/orders';
import { orderClientAs } from '../clients/order-client';
import { toOrderView } from '../orders/order-views';
import { iso } from '../iso-date';
import { listedShopWindow } from '../shops/shop-views';

/** The dashboard, its sales counted in calendar days of the organisation's zone. */
export async function loadDashboard(userId: string, orgId: string, timeZone: string): Promise<DashboardView> {
  return toDashboardView(await orderClientAs(userId).getDashboard({ organisationId: orgId, timeZone }));
}

export function toDashboardView(answer: GetDashboardResponse): DashboardView {
  return {
    salesVisible: answer.salesVisible,
    sales: answer.sales.map((sales) => ({
      currency: sales.currency,
      periods: sales.periods.map((period) => ({
        period: period.period as SalesPeriod,
        current: figures(period.current),
        previous: figures(period.previous),
      })),
      days: sales.days.map((day) => ({ date: day.date, tickets: day.tickets, netMinor: day.netMinor })),
    })),
    openHolds: answer.openHolds,
    heldTickets: answer.heldTickets,
    events: answer.events.map((event) => ({
      id: event.id,
      name: event.name,
      startsAt: iso(event.startsAt),
      endsAt: iso(event.endsAt),
      sold: event.sold,
      reserved: event.reserved,
      capacity: event.capacity ?? null,
      shopCount: event.shopCount,
      timeZone: event.timeZone,
      checkedIn: event.checkedIn,
    })),
    shops: answer.shops.map((shop) => ({
      id: shop.id,
      name: shop.name,
      window: listedShopWindow(shop.window),
      opensAt: iso(shop.opensAt),
      closesAt: iso(shop.closesAt),
      currency: shop.currency,
    })),
    recentOrders: answer.recentOrders.map(toOrderView),
    attention: {
      failedEmailOrders: answer.attention?.failedEmailOrders ?? 0,
      failedEmails: (answer.attention?.failedEmails ?? []).map((failed) => ({
        orderId: failed.orderId,
        orderNumber: failed.orderNumber,
        email: failed.email,
        status: failed.status,
        occurredAt: iso(failed.occurredAt),
      })),
      stuckPayments: answer.attention?.stuckPayments ?? 0,
      stuckRefunds: answer.attention?.stuckRefunds ?? 0,
      stuckAfterMinutes: answer.attention?.stuckAfterMinutes ?? 0,
      scanConflicts: (answer.attention?.scanConflicts ?? []).map((entry) => ({
        eventId: entry.eventId,
        eventName: entry.eventName,
        conflicts: entry.conflicts,
      })),
    },
  };
}

const figures = (value: GetDashboardResponse['sales'][number]['periods'][number]['current']) => ({
  orders: value?.orders ?? 0,
  tickets: value?.tickets ?? 0,
  grossMinor: value?.grossMinor ?? 0,
  refunds: value?.refunds ?? 0,
  refundedMinor: value?.refundedMinor ?? 0,
});
