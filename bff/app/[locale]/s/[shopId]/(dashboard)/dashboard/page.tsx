import { setRequestLocale } from 'next-intl/server';
import { ShopDashboardView } from '../../../../../../components/shop-views';
import { publicPageUrl } from '../../../../../../server/events/event-pages';
import { loadShop, requireShopAccess } from '../../../../../../server/shops/shop-pages';
import { holds } from '../../../../../../server/organisations/organisation-access';

type Props = { params: Promise<{ locale: string; shopId: string }> };

export async function generateMetadata({ params }: Props) {
  const { locale, shopId } = await params;
  const { user, orgId } = await requireShopAccess(locale, shopId);
  return { title: (await loadShop(user.id, orgId, shopId)).name };
}

/** The shop at a glance; its items, codes, history and settings live on the organisation's shop pages. */
export default async function ShopDashboardPage({ params }: Props) {
  const { locale, shopId } = await params;
  setRequestLocale(locale);
  const { user, orgId, permissions } = await requireShopAccess(locale, shopId);
  const [shop, publicUrl] = await Promise.all([loadShop(user.id, orgId, shopId), publicPageUrl(`/s/${shopId}`)]);
  return <ShopDashboardView orgId={orgId} shop={shop} canEdit={holds(permissions, 'shops')} publicUrl={publicUrl} />;
}
