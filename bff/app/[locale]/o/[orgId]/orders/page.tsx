import { setRequestLocale } from 'next-intl/server';
import { OrdersListView } from '../../../../../components/order-views';
import { dashboardMetadata } from '../../../../../server/organisations/dashboard-metadata';
import {
  loadEventNames,
  loadOrderList,
  loadShopNames,
  orderListQuery,
  ordersAccess,
} from '../../../../../server/orders/order-pages';

type Search = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: string; orgId: string }>; searchParams: Promise<Search> };

export const generateMetadata = ({ params }: Props) => dashboardMetadata(params, 'orders.title');

/** The organisation's orders: search by number or e-mail, filter by status and shop, a page at a time. */
export default async function OrdersPage({ params, searchParams }: Props) {
  const { locale, orgId } = await params;
  setRequestLocale(locale);
  // The sidebar hides this entry from members without "orders.view"; the page refuses them too (403).
  const { userId } = await ordersAccess(locale, orgId);
  const [list, shops, events] = await Promise.all([
    loadOrderList(userId, orgId, orderListQuery(await searchParams)),
    loadShopNames(userId, orgId),
    loadEventNames(userId, orgId),
  ]);
  return <OrdersListView orgId={orgId} list={list} shops={shops} events={events} />;
}
