// The organisation's dashboard (/o/{orgId}) as the screen draws it: sales per currency, the chart's days, open holds,
// the live events with sold of capacity and the newest orders. The BFF fills it from ordering's GetDashboard.
import type { OrderView } from './order-model';
import type { ListedShopWindow } from './shop-model';

export interface SalesFiguresView {
  orders: number;
  tickets: number;
  grossMinor: number;
  refunds: number;
  refundedMinor: number;
}

export const SALES_PERIODS = ['today', '7d', '30d'] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];

export interface CurrencySalesView {
  currency: string;
  periods: { period: SalesPeriod; current: SalesFiguresView; previous: SalesFiguresView }[];
  /** Oldest first, today last. */
  days: { date: string; tickets: number; netMinor: number }[];
}

export interface DashboardEventView {
  id: string;
  name: string;
  /** ISO 8601; '' when unknown. */
  startsAt: string;
  endsAt: string;
  sold: number;
  reserved: number;
  /** null: unlimited. */
  capacity: number | null;
  /** Public shops, open or opening later, that sell it: 0 means guests cannot buy it yet. */
  shopCount: number;
  /** IANA zone its dates are shown in. */
  timeZone: string;
  /** Tickets admitted at its entrance so far. */
  checkedIn: number;
}

export interface DashboardShopView {
  id: string;
  name: string;
  window: ListedShopWindow;
  opensAt: string;
  closesAt: string;
  currency: string;
}

export interface DashboardView {
  /** The member may see sales, holds and orders ("orders.view"). */
  salesVisible: boolean;
  sales: CurrencySalesView[];
  openHolds: number;
  heldTickets: number;
  events: DashboardEventView[];
  /** Open now first, then opening later. */
  shops: DashboardShopView[];
  recentOrders: OrderView[];
  attention: DashboardAttentionView;
}

/** What needs the organiser's attention; each part is empty for members who may not act on it. */
export interface DashboardAttentionView {
  /** Paid orders whose newest e-mail to the guest failed, and the newest of them. */
  failedEmailOrders: number;
  failedEmails: { orderId: string; orderNumber: string; email: string; status: string; occurredAt: string }[];
  /** Payments pending, and refunds requested, longer than stuckAfterMinutes without an outcome. */
  stuckPayments: number;
  stuckRefunds: number;
  stuckAfterMinutes: number;
  /** Events with tickets admitted twice while a scanner was offline. */
  scanConflicts: { eventId: string; eventName: string; conflicts: number }[];
}

/** Whether anything in it needs the organiser (live events without a shop aside, which the events list carries). */
export function needsAttention(attention: DashboardAttentionView): boolean {
  return (
    attention.failedEmailOrders > 0 ||
    attention.stuckPayments > 0 ||
    attention.stuckRefunds > 0 ||
    attention.scanConflicts.length > 0
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the event's entrance figures belong on its card: once anyone was admitted, and on the day itself (from a
 * day before it starts until it ends), when "0 of 120 checked in" is news too.
 */
export function showsCheckIns(
  event: Pick<DashboardEventView, 'startsAt' | 'endsAt' | 'checkedIn'>,
  now: Date,
): boolean {
  if (event.checkedIn > 0) return true;
  if (!event.startsAt) return false;
  const startsIn = Date.parse(event.startsAt) - now.getTime();
  return startsIn <= DAY_MS && Date.parse(event.endsAt) > now.getTime();
}

/** Checked in of sold as a share from 0 to 1 (0 when nothing is sold). */
export function checkedInShare(event: Pick<DashboardEventView, 'sold' | 'checkedIn'>): number {
  return event.sold <= 0 ? 0 : Math.min(1, event.checkedIn / event.sold);
}

/** Sold of capacity as a share from 0 to 1; null when unlimited. */
export function soldShare(event: Pick<DashboardEventView, 'sold' | 'capacity'>): number | null {
  if (event.capacity === null) return null;
  if (event.capacity <= 0) return 1;
  return Math.min(1, event.sold / event.capacity);
}

/** The change from `previous` to `current` in whole percent; null when there was nothing before to compare with. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 100);
}
