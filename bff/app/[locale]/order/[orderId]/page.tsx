import { toPaymentReturn } from '@kassa/web/lib/checkout';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { GuestOrderPageView } from '../../../../components/checkout-views';
import { accessKeyOf } from '../../../../server/orders/guest-access';
import { loadGuestOrder, localizedPath } from '../../../../server/orders/guest-order';
import { loadGuestOrderTickets } from '../../../../server/tickets/ticket-pages';
import SiteLayout from '../../(site)/layout';

type Props = {
  params: Promise<{ locale: string; orderId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// Read per request: the order changes by the second while a payment is under way.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale, orderId } = await params;
  const order = await loadGuestOrder(orderId, accessKeyOf(await searchParams));
  const t = await getTranslations({ locale, namespace: 'GuestOrder' });
  return {
    title: t('title', { number: order.number }),
    // The address holds the guest's key to the order: never indexed, never sent to other sites as a Referer.
    robots: { index: false, follow: false },
    referrer: 'same-origin',
  };
}

/**
 * /order/{orderId}?key={accessKey}: the guest's order after checkout, in the site layout, for whoever holds the
 * link. The first state is rendered here; the page then follows the order until it is final, and once paid lists
 * its tickets (each linking to /ticket/{ticketId}?key=…). Unknown orders, and a missing or wrong key, are the 404 page.
 */
export default async function GuestOrderPage({ params, searchParams }: Props) {
  const { locale, orderId } = await params;
  setRequestLocale(locale);
  const search = await searchParams;
  const order = await loadGuestOrder(orderId, accessKeyOf(search));
  const { payment } = search;
  const tickets = order.status === 'paid' ? await loadGuestOrderTickets(order, locale) : [];
  return (
    <SiteLayout params={params}>
      <GuestOrderPageView
        order={order}
        paymentReturn={toPaymentReturn(payment)}
        shopHref={localizedPath(`/s/${order.shopId}`, locale)}
        tickets={tickets}
      />
    </SiteLayout>
  );
}
