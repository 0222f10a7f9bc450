import { toPaymentReturn } from '@kassa/web/lib/checkout';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { GuestOrderPageView } from '../../../../components/checkout-views';
import { loadGuestOrder, localizedPath } from '../../../../server/guest-order';
import { loadGuestOrderTickets } from '../../../../server/ticket-pages';
import SiteLayout from '../../(site)/layout';

type Props = {
  params: Promise<{ locale: string; orderId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// Read per request: the order changes by the second while a payment is under way.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, orderId } = await params;
  const order = await loadGuestOrder(orderId);
  const t = await getTranslations({ locale, namespace: 'GuestOrder' });
  return {
    title: t('title', { number: order.number }),
    // The unguessable id is the guest's key to the order: never indexed, never sent to other sites as a Referer.
    robots: { index: false, follow: false },
    referrer: 'same-origin',
  };
}

/**
 * /order/{orderId}: the guest's order after checkout, in the site layout, for whoever holds the link. The first
 * state is rendered here; the page then follows the order until it is final, and once paid lists its tickets (each
 * linking to /ticket/{ticketId}). Unknown orders are the 404 page.
 */
export default async function GuestOrderPage({ params, searchParams }: Props) {
  const { locale, orderId } = await params;
  setRequestLocale(locale);
  const order = await loadGuestOrder(orderId);
  const { payment } = await searchParams;
  const tickets = order.status === 'paid' ? await loadGuestOrderTickets(order.id, locale) : [];
  return (
    <SiteLayout params={params}>
      <GuestOrderPageView order={order} paymentReturn={toPaymentReturn(payment)} shopHref={localizedPath(`/s/${order.shopId}`, locale)} tickets={tickets} />
    </SiteLayout>
  );
}
