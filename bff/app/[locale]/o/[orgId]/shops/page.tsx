import { setRequestLocale } from 'next-intl/server';
import { ShopsListView } from '../../../../../components/shop-views';
import { dashboardMetadata } from '../../../../../server/organisations/dashboard-metadata';
import { loadShopList, shopListQuery, shopsAccess } from '../../../../../server/shops/shop-pages';

type Search = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: string; orgId: string }>; searchParams: Promise<Search> };

export const generateMetadata = ({ params }: Props) => dashboardMetadata(params, 'shops.title');

export default async function ShopsPage({ params, searchParams }: Props) {
  const { locale, orgId } = await params;
  setRequestLocale(locale);
  // The sidebar hides this entry from members without "shops"; the page refuses them too (403).
  const { userId, canEdit, ownLocale, currency } = await shopsAccess(locale, orgId);
  const list = await loadShopList(userId, orgId, shopListQuery(await searchParams));
  return <ShopsListView orgId={orgId} list={list} canEdit={canEdit} ownLocale={ownLocale} currency={currency} />;
}
