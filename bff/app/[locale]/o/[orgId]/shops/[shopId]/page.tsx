import { shopTabFromQuery } from '@kassa/web/features/dashboard/shop-screens';
import { setRequestLocale } from 'next-intl/server';
import { ShopPageView } from '../../../../../../components/shop-views';
import { shopPageMetadata, shopPageProps, type ShopRouteParams } from '../../../../../../server/shops/shop-page-props';

type Props = { params: Promise<ShopRouteParams>; searchParams: Promise<{ tab?: string | string[] }> };

// Overview, Items, Discount Codes and History share the shop's route; ?tab= picks one (Settings has its own route).
export async function generateMetadata({ params, searchParams }: Props) {
  return shopPageMetadata(await params, shopTabFromQuery((await searchParams).tab));
}

export default async function ShopPage({ params, searchParams }: Props) {
  const route = await params;
  setRequestLocale(route.locale);
  return <ShopPageView {...await shopPageProps(route, shopTabFromQuery((await searchParams).tab))} />;
}
