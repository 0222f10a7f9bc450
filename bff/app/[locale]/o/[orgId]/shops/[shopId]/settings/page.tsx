import { setRequestLocale } from 'next-intl/server';
import { ShopPageView } from '../../../../../../../components/shop-views';
import {
  shopPageMetadata,
  shopPageProps,
  type ShopRouteParams,
} from '../../../../../../../server/shops/shop-page-props';

type Props = { params: Promise<ShopRouteParams> };

export async function generateMetadata({ params }: Props) {
  return shopPageMetadata(await params, 'settings');
}

export default async function ShopSettingsPage({ params }: Props) {
  const route = await params;
  setRequestLocale(route.locale);
  return <ShopPageView {...await shopPageProps(route, 'settings')} />;
}
