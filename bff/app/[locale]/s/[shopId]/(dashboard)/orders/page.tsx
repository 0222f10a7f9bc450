import { setRequestLocale } from 'next-intl/server';
import { OrdersListView } from '../../../../../../components/order-views';
import { dashboardMetadata } from '../../../../../../server/organisations/dashboard-metadata';
import { loadOrderList, orderListQuery, shopOrdersAccess } from '../../../../../../server/orders/order-pages';

type Search = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: string; shopId: string }>; searchParams: Promise<Search> };

export const generateMetadata = ({ params }: Props) => dashboardMetadata(params, 'shop.ordersTitle');

/** The shop's own orders: the organisation's list scoped to this shop. */
export default async function ShopOrdersPage({ params, searchParams }: Props) {
  const { locale, shopId } = await params;
  setRequestLocale(locale);
  // The layout ran the shop-auth check; this page asks again (deduped per request) and also needs "orders.view".
  const { userId, orgId, shopName } = await shopOrdersAccess(locale, shopId);
  const list = await loadOrderList(userId, orgId, orderListQuery(await searchParams), shopId);
  return (
    <OrdersListView
      orgId={orgId}
      shopId={shopId}
      shopName={shopName}
      list={list}
      shops={[{ id: shopId, name: shopName }]}
    />
  );
}
