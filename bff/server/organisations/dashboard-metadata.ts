// Titles of the dashboard pages, translated (the title template adds ' · Kassa').
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

type DashboardTitleKey =
  | 'overview.title'
  | 'events.title'
  | 'events.scanTitle'
  | 'event.title'
  | 'event.scanTitle'
  | 'event.settingsTitle'
  | 'event.tabs.ticketOptions'
  | 'event.tabs.attendees'
  | 'event.tabs.history'
  | 'shops.title'
  | 'orders.title'
  | 'payments.title'
  | 'settings.title'
  | 'settings.membersTitle'
  | 'settings.paymentsTitle'
  | 'shop.dashboardTitle'
  | 'shop.ordersTitle'
  | 'shop.ticketsTitle'
  | 'shop.settingsTitle'
  | 'shop.tabs.items'
  | 'shop.tabs.discountCodes'
  | 'shop.tabs.history';

export async function dashboardMetadata(
  params: Promise<{ locale: string }>,
  key: DashboardTitleKey,
): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Dashboard' });
  return { title: t(key) };
}
