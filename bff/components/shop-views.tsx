'use client';
// The organiser's shop screens wired to the BFF's shop routes, the locale-aware router and links.
import { ShopTicketsScreen, type ShopTicketsScreenProps } from '@kassa/web/features/dashboard/shop-screens';
import { ShopDashboardScreen, type ShopDashboardScreenProps } from '@kassa/web/features/shops/shop-dashboard-screen';
import { type ShopActions, ShopScreen, type ShopScreenProps } from '@kassa/web/features/shops/shop-screen';
import { ShopsListScreen, type ShopsListScreenProps } from '@kassa/web/features/shops/shops-list-screen';
import type {
  DiscountCodeInput,
  DiscountCodeView,
  ShopInput,
  ShopItemInput,
  ShopItemView,
  ShopView,
} from '@kassa/web/lib/shop-model';
import { Link, useRouter } from '../i18n/navigation';
import { callApi } from '../lib/api-client';

const shopsApi = (orgId: string) => `/api/organisations/${encodeURIComponent(orgId)}/shops`;

export function ShopsListView(props: Omit<ShopsListScreenProps, 'Link' | 'navigate' | 'createShop'>) {
  const router = useRouter();
  return (
    <ShopsListScreen
      {...props}
      Link={Link}
      navigate={(href) => router.push(href)}
      createShop={(input: ShopInput) => callApi<{ shop: ShopView }>('POST', shopsApi(props.orgId), input)}
    />
  );
}

export function ShopTicketsView(props: Omit<ShopTicketsScreenProps, 'Link' | 'navigate'>) {
  const router = useRouter();
  return <ShopTicketsScreen {...props} Link={Link} navigate={(href) => router.push(href)} />;
}

function shopActions(orgId: string, shopId: string): ShopActions {
  const shop = `${shopsApi(orgId)}/${encodeURIComponent(shopId)}`;
  const item = (id: string) => `${shop}/items/${encodeURIComponent(id)}`;
  const code = (id: string) => `${shop}/discount-codes/${encodeURIComponent(id)}`;
  return {
    publish: () => callApi<{ shop: ShopView }>('POST', `${shop}/publish`),
    convertToDraft: () => callApi<{ shop: ShopView }>('POST', `${shop}/convert-to-draft`),
    update: (input: ShopInput) => callApi<{ shop: ShopView }>('PUT', shop, input),
    remove: () => callApi<{ shop: ShopView }>('DELETE', shop),
    createItem: (input: ShopItemInput) => callApi<{ item: ShopItemView }>('POST', `${shop}/items`, input),
    updateItem: (id: string, input: ShopItemInput) => callApi<{ item: ShopItemView }>('PUT', item(id), input),
    deleteItem: (id: string) => callApi('DELETE', item(id)),
    createDiscountCode: (input: DiscountCodeInput) =>
      callApi<{ discountCode: DiscountCodeView }>('POST', `${shop}/discount-codes`, input),
    updateDiscountCode: (id: string, input: DiscountCodeInput) =>
      callApi<{ discountCode: DiscountCodeView }>('PUT', code(id), input),
    deleteDiscountCode: (id: string) => callApi('DELETE', code(id)),
  };
}

export function ShopPageView(props: Omit<ShopScreenProps, 'Link' | 'actions' | 'refresh' | 'onDeleted'>) {
  const router = useRouter();
  return (
    <ShopScreen
      {...props}
      Link={Link}
      refresh={() => router.refresh()}
      onDeleted={() => router.push(`/o/${props.orgId}/shops`)}
      actions={shopActions(props.orgId, props.shop.id)}
    />
  );
}

export function ShopDashboardView(props: Omit<ShopDashboardScreenProps, 'Link' | 'actions' | 'refresh'>) {
  const router = useRouter();
  return (
    <ShopDashboardScreen
      {...props}
      Link={Link}
      refresh={() => router.refresh()}
      actions={shopActions(props.orgId, props.shop.id)}
    />
  );
}
