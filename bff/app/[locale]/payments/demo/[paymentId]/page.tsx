import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DemoPaymentPageView } from '../../../../../components/checkout-views';
import { loadDemoPayment, localizedPath } from '../../../../../server/guest-order';
import SiteLayout from '../../../(site)/layout';

type Props = { params: Promise<{ locale: string; paymentId: string }> };

// Read per request: the attempt's state decides whether the buttons are offered.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, paymentId } = await params;
  await loadDemoPayment(paymentId, locale);
  const t = await getTranslations({ locale, namespace: 'DemoPayment' });
  return { title: t('metaTitle'), robots: { index: false, follow: false }, referrer: 'same-origin' };
}

/**
 * /payments/demo/{paymentId}: the built-in demo provider's test-mode page (Pay, Fail, Abandon), where the demo
 * provider sends the guest instead of a real provider's page. Unknown attempts, and attempts of another provider,
 * are the 404 page.
 */
export default async function DemoPaymentPage({ params }: Props) {
  const { locale, paymentId } = await params;
  setRequestLocale(locale);
  const payment = await loadDemoPayment(paymentId, locale);
  return (
    <SiteLayout params={params}>
      <DemoPaymentPageView payment={payment} orderHref={localizedPath(`/order/${payment.orderId}`, locale)} />
    </SiteLayout>
  );
}
