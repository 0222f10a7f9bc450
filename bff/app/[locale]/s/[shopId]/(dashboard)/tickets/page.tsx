import { ShopTicketsScreen } from '@kassa/web/features/dashboard/shop-screens';
import { setRequestLocale } from 'next-intl/server';
import { dashboardMetadata } from '../../../../../../server/organisations/dashboard-metadata';
import { requireShopAccess } from '../../../../../../server/shops/shop-pages';

type Props = { params: Promise<{ locale: string; shopId: string }> };

export const generateMetadata = ({ params }: Props) => dashboardMetadata(params, 'shop.ticketsTitle');

export default async function ShopTicketsPage({ params }: Props) {
  const { locale, shopId } = await params;
  setRequestLocale(locale);
  // The layout checked already; a page checks too, as pages may render before their layout's check settles.
  await requireShopAccess(locale, shopId);
  return <ShopTicketsScreen />;
}
