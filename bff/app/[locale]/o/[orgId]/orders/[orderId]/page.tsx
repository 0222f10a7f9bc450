import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { OrderDetailView } from '../../../../../../components/order-views';
import { loadOrderDetail, ordersAccess } from '../../../../../../server/orders/order-pages';
import { loadOrderTicketsAndMessages } from '../../../../../../server/tickets/ticket-pages';

type Props = { params: Promise<{ locale: string; orgId: string; orderId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, orgId, orderId } = await params;
  const { userId } = await ordersAccess(locale, orgId);
  const [t, detail] = await Promise.all([
    getTranslations({ locale, namespace: 'Orders.detail' }),
    loadOrderDetail(userId, orgId, orderId),
  ]);
  return { title: `${t('title')} ${detail.order.number}` };
}

/**
 * One order: its items, tickets and money, refunds, payment attempts, the e-mails sent about it and its history.
 * "orders.view" to look (page-validity has already refused a malformed order id with 404); Cancel, Refund and Resend
 * only for "orders.manage", whose routes check again.
 */
export default async function OrderPage({ params }: Props) {
  const { locale, orgId, orderId } = await params;
  setRequestLocale(locale);
  const { userId, canManage } = await ordersAccess(locale, orgId);
  // ordering decides whether the order exists (404 otherwise) before ticketing and notifications are asked about it.
  const detail = await loadOrderDetail(userId, orgId, orderId);
  const { tickets, messages } = await loadOrderTicketsAndMessages(userId, orgId, orderId);
  return <OrderDetailView orgId={orgId} detail={detail} tickets={tickets} messages={messages} canManage={canManage} />;
}
