// Every place the organiser shell links to, in one list: the sidebar, the command menu and the tests read it.
// Hrefs are locale-free paths ('/o/org_…/events'); the host's locale-aware Link adds the prefix.
import {
  BookOpen,
  CalendarDays,
  CreditCard,
  Home,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Receipt,
  ScanLine,
  Settings,
  Store,
  Ticket,
  User,
} from 'lucide-react';

export type OrganisationNavKey = 'dashboard' | 'events' | 'shops' | 'payments' | 'orders' | 'scan' | 'settings';
export type ShopNavKey = 'dashboard' | 'orders' | 'tickets' | 'settings';
export type GeneralDestinationKey = 'account' | 'home' | 'docs' | 'support';

export interface Destination<K extends string = string> {
  key: K;
  href: string;
  icon: LucideIcon;
}

/**
 * The events list's old pick-an-event-to-scan mode (/o/{orgId}/events?for=scan). "Scan Tickets" now opens its own
 * page, /o/{orgId}/scan, listing the live events with a Scan button each; links to the old mode still light it up.
 */
export const SCAN_QUERY = 'for=scan';

/** The sidebar, in the spec's order: Dashboard, Events, Shops, Payments, Orders, Scan Tickets, Settings. */
export function organisationNav(orgId: string): Destination<OrganisationNavKey>[] {
  const base = `/o/${orgId}`;
  return [
    { key: 'dashboard', href: base, icon: LayoutDashboard },
    { key: 'events', href: `${base}/events`, icon: CalendarDays },
    { key: 'shops', href: `${base}/shops`, icon: Store },
    { key: 'payments', href: `${base}/payments`, icon: CreditCard },
    { key: 'orders', href: `${base}/orders`, icon: Receipt },
    { key: 'scan', href: `${base}/scan`, icon: ScanLine },
    { key: 'settings', href: `${base}/settings`, icon: Settings },
  ];
}

/** The permission each sidebar entry needs ('' = any member). Entries a member lacks are hidden; the routes check too. */
export const ORGANISATION_NAV_PERMISSIONS: Record<OrganisationNavKey, string> = {
  dashboard: '',
  events: '',
  shops: 'shops',
  payments: 'payments',
  orders: 'orders.view',
  scan: 'checkin',
  settings: '',
};

/** The sidebar entries a member with these permissions can open. */
export function permittedNav(
  items: Destination<OrganisationNavKey>[],
  permissions: readonly string[],
): Destination<OrganisationNavKey>[] {
  return items.filter(
    ({ key }) => ORGANISATION_NAV_PERMISSIONS[key] === '' || permissions.includes(ORGANISATION_NAV_PERMISSIONS[key]),
  );
}

/** The shop dashboard's own navigation (/s/{shopId}/…). */
export function shopNav(shopId: string): Destination<ShopNavKey>[] {
  const base = `/s/${shopId}`;
  return [
    { key: 'dashboard', href: `${base}/dashboard`, icon: LayoutDashboard },
    { key: 'orders', href: `${base}/orders`, icon: Receipt },
    { key: 'tickets', href: `${base}/tickets`, icon: Ticket },
    { key: 'settings', href: `${base}/settings`, icon: Settings },
  ];
}

/** Places outside the organisation, reachable from the user menu and the command menu. */
export function generalDestinations(): Destination<GeneralDestinationKey>[] {
  return [
    { key: 'account', href: '/account', icon: User },
    { key: 'home', href: '/', icon: Home },
    { key: 'docs', href: '/docs', icon: BookOpen },
    { key: 'support', href: '/contact', icon: LifeBuoy },
  ];
}

/**
 * Which entry is active for a locale-free pathname (and its query string): the longest matching href wins,
 * so /o/x/events/evt_1 lights up Events, and the scanner of an event (or the list's old scan mode) Scan Tickets.
 */
export function activeKey<K extends string>(items: Destination<K>[], pathname: string, search = ''): K | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  const scan = items.find((item) => item.key === 'scan' && /^\/o\/[^/]+\/scan$/.test(item.href));
  if (scan && (/\/events\/[^/]+\/scan$/.test(path) || new URLSearchParams(search).get('for') === 'scan'))
    return scan.key;
  let best: Destination<K> | undefined;
  for (const item of items) {
    const href = item.href.split('?')[0]!;
    const matches = path === href || path.startsWith(`${href}/`);
    if (matches && (!best || href.length > best.href.split('?')[0]!.length)) best = item;
  }
  return best?.key;
}

/** The event pages' tabs: Overview, Ticket Options, Attendees, History, Settings (spec routes: '', scan, settings). */
export type EventTabKey = 'overview' | 'ticketOptions' | 'attendees' | 'history' | 'settings';
export const EVENT_TAB_QUERY: Record<Exclude<EventTabKey, 'overview' | 'settings'>, string> = {
  ticketOptions: 'ticket-options',
  attendees: 'attendees',
  history: 'history',
};

export function eventTabs(orgId: string, eventId: string): { key: EventTabKey; href: string }[] {
  const base = `/o/${orgId}/events/${eventId}`;
  return [
    { key: 'overview', href: base },
    { key: 'ticketOptions', href: `${base}?tab=${EVENT_TAB_QUERY.ticketOptions}` },
    { key: 'attendees', href: `${base}?tab=${EVENT_TAB_QUERY.attendees}` },
    { key: 'history', href: `${base}?tab=${EVENT_TAB_QUERY.history}` },
    { key: 'settings', href: `${base}/settings` },
  ];
}

/** The organisation settings tabs: Overview, Members, Payments. */
export type SettingsTabKey = 'overview' | 'members' | 'payments';
export function settingsTabs(orgId: string): { key: SettingsTabKey; href: string }[] {
  const base = `/o/${orgId}/settings`;
  return [
    { key: 'overview', href: base },
    { key: 'members', href: `${base}/members` },
    { key: 'payments', href: `${base}/payments` },
  ];
}

/** The shop tabs: Overview, Items, Discount Codes, History, Settings, under the organisation like the event tabs. */
export type ShopTabKey = 'overview' | 'items' | 'discountCodes' | 'history' | 'settings';
export const SHOP_TAB_QUERY: Record<Exclude<ShopTabKey, 'overview' | 'settings'>, string> = {
  items: 'items',
  discountCodes: 'discount-codes',
  history: 'history',
};

export function shopTabs(orgId: string, shopId: string): { key: ShopTabKey; href: string }[] {
  const base = `/o/${orgId}/shops/${shopId}`;
  return [
    { key: 'overview', href: base },
    { key: 'items', href: `${base}?tab=${SHOP_TAB_QUERY.items}` },
    { key: 'discountCodes', href: `${base}?tab=${SHOP_TAB_QUERY.discountCodes}` },
    { key: 'history', href: `${base}?tab=${SHOP_TAB_QUERY.history}` },
    { key: 'settings', href: `${base}/settings` },
  ];
}

/** The tab a `?tab=` value selects, overview for anything unknown. */
export function tabFromQuery<K extends string>(
  queries: Record<string, string>,
  value: string | string[] | undefined,
  fallback: K,
): K {
  const wanted = typeof value === 'string' ? value : undefined;
  const found = Object.entries(queries).find(([, query]) => query === wanted)?.[0];
  return (found as K | undefined) ?? fallback;
}

/** The event tab a `?tab=` value selects on the event's own route (Settings has its own route). */
export function eventTabFromQuery(value: string | string[] | undefined): Exclude<EventTabKey, 'settings'> {
  return tabFromQuery<Exclude<EventTabKey, 'settings'>>(EVENT_TAB_QUERY, value, 'overview');
}

/** The shop tab a `?tab=` value selects on /o/{orgId}/shops/{shopId} (Settings has its own route). */
export function shopTabFromQuery(value: string | string[] | undefined): Exclude<ShopTabKey, 'settings'> {
  return tabFromQuery<Exclude<ShopTabKey, 'settings'>>(SHOP_TAB_QUERY, value, 'overview');
}
