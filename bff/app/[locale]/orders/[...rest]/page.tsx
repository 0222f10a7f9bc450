import { OrdersPlaceholderScreen } from '@kassa/web/features/checkout/orders-placeholder-screen';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { localizedPath } from '../../../../server/orders/guest-order';
import SiteLayout from '../../(site)/layout';

type Props = { params: Promise<{ locale: string; rest: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'GuestOrder.placeholder' });
  return { title: t('title'), robots: { index: false } };
}

/**
 * /orders/*: the spec's catch-all, resolved to a placeholder for any path below it. No route parameter is checked
 * (page validity has no rule for it, so nothing under it is a 404), and it needs no sign-in (the check covers /o/,
 * not /orders/). A guest's order lives at /order/{orderId}.
 */
export default async function OrdersPlaceholderPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <SiteLayout params={params}>
      <OrdersPlaceholderScreen homeHref={localizedPath('/', locale)} />
    </SiteLayout>
  );
}
