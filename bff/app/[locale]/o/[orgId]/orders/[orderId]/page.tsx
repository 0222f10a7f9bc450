import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { OrderDetailView } from '../../../../../../components/order-views';
import { loadOrderDetail, ordersAccess } from '../../../../../../server/order-pages';

type Props = { params: Promise<{ locale: string; orgId: string; orderId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, orgId, orderId } = await params;
  const { userId } = await ordersAccess(locale, orgId);
  const [t, detail] = await Promise.all([getTranslations({ locale, namespace: 'Orders.detail' }), loadOrderDetail(userId, orgId, orderId)]);
  return { title: `${t('title')} ${detail.order.number}` };
}

/**
 * One order: its items and money, refunds, payment attempts and history. "orders.view" to look (page-validity has
 * already refused a malformed order id with 404); Cancel and Refund only for "orders.manage", whose routes check again.
 */
export default async function OrderPage({ params }: Props) {
  const { locale, orgId, orderId } = await params;
  setRequestLocale(locale);
  const { userId, canManage } = await ordersAccess(locale, orgId);
  const detail = await loadOrderDetail(userId, orgId, orderId);
  return <OrderDetailView orgId={orgId} detail={detail} canManage={canManage} />;
}
