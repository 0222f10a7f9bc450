import { setRequestLocale } from 'next-intl/server';
import { ShopTicketsView } from '../../../../../../components/shop-views';
import { attendeesTabProps } from '../../../../../../server/events/attendee-pages';
import { dashboardMetadata } from '../../../../../../server/organisations/dashboard-metadata';
import { requireShopAccess } from '../../../../../../server/shops/shop-pages';

type Props = {
  params: Promise<{ locale: string; shopId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = ({ params }: Props) => dashboardMetadata(params, 'shop.ticketsTitle');

/** /s/{shopId}/tickets: the tickets the shop sold (ticketing checks "orders.view" or "checkin" again). */
export default async function ShopTicketsPage({ params, searchParams }: Props) {
  const { locale, shopId } = await params;
  setRequestLocale(locale);
  // The layout checked already; a page checks too, as pages may render before their layout's check settles.
  const { user, orgId } = await requireShopAccess(locale, shopId);
  const list = await attendeesTabProps(locale, user.id, orgId, { shopId }, await searchParams);
  return <ShopTicketsView orgId={orgId} shopId={shopId} {...list} />;
}
