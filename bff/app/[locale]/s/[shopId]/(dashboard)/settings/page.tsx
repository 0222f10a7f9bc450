import { setRequestLocale } from 'next-intl/server';
import { ShopPageView } from '../../../../../../components/shop-views';
import { dashboardMetadata } from '../../../../../../server/organisations/dashboard-metadata';
import { shopPageProps } from '../../../../../../server/shops/shop-page-props';
import { requireShopAccess } from '../../../../../../server/shops/shop-pages';

type Props = { params: Promise<{ locale: string; shopId: string }> };

export const generateMetadata = ({ params }: Props) => dashboardMetadata(params, 'shop.settingsTitle');

/** The organisation's shop settings form, in the shop dashboard (saving and deleting go through the same routes). */
export default async function ShopSettingsPage({ params }: Props) {
  const { locale, shopId } = await params;
  setRequestLocale(locale);
  const { orgId } = await requireShopAccess(locale, shopId);
  return <ShopPageView {...await shopPageProps({ locale, orgId, shopId }, 'settings')} />;
}
