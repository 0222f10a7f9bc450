import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DemoPaymentPageView } from '../../../../../components/checkout-views';
import { accessKeyOf } from '../../../../../server/orders/guest-access';
import { loadDemoPayment, orderPagePath } from '../../../../../server/orders/guest-order';
import SiteLayout from '../../../(site)/layout';

type Props = {
  params: Promise<{ locale: string; paymentId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// Read per request: the attempt's state decides whether the buttons are offered.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale, paymentId } = await params;
  await loadDemoPayment(paymentId, accessKeyOf(await searchParams), locale);
  const t = await getTranslations({ locale, namespace: 'DemoPayment' });
  return { title: t('metaTitle'), robots: { index: false, follow: false }, referrer: 'same-origin' };
}

/**
 * /payments/demo/{paymentId}?key={orderAccessKey}: the built-in demo provider's test-mode page (Pay, Fail,
 * Abandon), where the demo provider sends the guest instead of a real provider's page. Unknown attempts, a missing
 * or wrong key, and attempts of another provider, are the 404 page.
 */
export default async function DemoPaymentPage({ params, searchParams }: Props) {
  const { locale, paymentId } = await params;
  setRequestLocale(locale);
  const orderAccessKey = accessKeyOf(await searchParams);
  const payment = await loadDemoPayment(paymentId, orderAccessKey, locale);
  return (
    <SiteLayout params={params}>
      <DemoPaymentPageView
        payment={payment}
        orderAccessKey={orderAccessKey}
        orderHref={orderPagePath({ id: payment.orderId, accessKey: orderAccessKey }, locale)}
      />
    </SiteLayout>
  );
}
