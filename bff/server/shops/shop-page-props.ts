// The data of one tab of a shop's pages (/o/{orgId}/shops/{shopId}…), and their titles: "Items · Summer Shop".
import type { ShopTabKey } from '@kassa/web/features/shops/shop-screen';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { publicPageUrl } from '../events/event-pages';
import {
  loadDiscountCodes,
  loadSellableEvents,
  loadShop,
  loadShopHistory,
  loadShopItems,
  shopsAccess,
} from './shop-pages';

export interface ShopRouteParams {
  locale: string;
  orgId: string;
  shopId: string;
}

export async function shopPageMetadata({ locale, orgId, shopId }: ShopRouteParams, tab: ShopTabKey): Promise<Metadata> {
  const { userId } = await shopsAccess(locale, orgId);
  const shop = await loadShop(userId, orgId, shopId);
  if (tab === 'overview') return { title: shop.name };
  const t = await getTranslations({ locale, namespace: 'Dashboard.shop.tabs' });
  return { title: `${t(tab)} · ${shop.name}` };
}

/** Everything the shop screen needs for `tab`; only the tab's own lists are read. */
export async function shopPageProps({ locale, orgId, shopId }: ShopRouteParams, tab: ShopTabKey) {
  const { userId, canEdit, ownLocale } = await shopsAccess(locale, orgId);
  // The history names the events, ticket options and items its entries mention.
  const needsItems = tab === 'items' || tab === 'discountCodes' || tab === 'history';
  const [shop, items, discountCodes, events, history, publicUrl] = await Promise.all([
    loadShop(userId, orgId, shopId),
    needsItems ? loadShopItems(userId, orgId, shopId) : undefined,
    tab === 'discountCodes' ? loadDiscountCodes(userId, orgId, shopId) : undefined,
    needsItems ? loadSellableEvents(userId, orgId) : undefined,
    tab === 'history' ? loadShopHistory(userId, orgId, shopId) : undefined,
    publicPageUrl(`/s/${shopId}`),
  ]);
  return { orgId, shop, tab, canEdit, ownLocale, publicUrl, items, discountCodes, events, history };
}
