// What the organiser's order and payment pages read, acting for the signed-in member: orders from ordering,
// payment attempts and settings from payments, shop names from catalog and member names from identity.
// ordering's NOT_FOUND (unknown id, another organisation's order) becomes the 404 page; a service refusing the
// member (PERMISSION_DENIED) the 403 page.
import { isGrpcCallError, status } from '@kassa/platform/grpc';
import {
  ORDER_LIST_STATUSES,
  type OrderDetailView,
  type OrderListView,
  PAYMENT_STATUSES,
  type PaymentListView,
  type PaymentSettingsView,
  type ShopName,
} from '@kassa/web/lib/order-model';
import { forbidden } from 'next/navigation';
import { cache } from 'react';
import { memberNames, orNotFound } from '../events/event-pages';
import { cursorPage, listQuery, type ListQuery } from '../list-pages';
import { orderClientAs } from '../clients/order-client';
import { toOrderDetailView, toOrderView, toPaymentSettingsView, toPaymentView } from './order-views';
import { holds, requireOrganisationAccess } from '../organisations/organisation-access';
import { isPrefixedId } from '../site/page-validity';
import { paymentClientAs } from '../clients/payment-client';
import { eventClientAs } from '../clients/event-client';
import { shopClientAs } from '../clients/shop-client';
import { requireShopAccess } from '../shops/shop-pages';

export const ORDERS_PAGE_SIZE = 25;
export const PAYMENTS_PAGE_SIZE = 25;
/** An order's attempts on its page: a guest retries a failed payment a few times at most. */
const ORDER_PAYMENTS_MAX = 100;
/** Shops named in the orders list (and offered in its filter); an organisation has far fewer. */
const SHOP_NAMES_MAX = 500;

type Search = Record<string, string | string[] | undefined>;

export interface OrderListQuery extends ListQuery {
  /** ?shop=: only this shop's orders ('' for all). */
  shop: string;
}

/** ?q= (order number or e-mail), ?status=, ?shop= and ?page= as the orders list understands them. */
export function orderListQuery(search: Search): OrderListQuery {
  const shop = typeof search.shop === 'string' && isPrefixedId('shp', search.shop) ? search.shop : '';
  return { ...listQuery(search, ORDER_LIST_STATUSES), shop };
}

/** ?status= and ?page= of the payments list. */
export const paymentListQuery = (search: Search): ListQuery => listQuery(search, PAYMENT_STATUSES);

/** A service's PERMISSION_DENIED as the 403 page; anything else thrown on. */
async function orForbidden<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isGrpcCallError(error) && error.code === status.PERMISSION_DENIED) forbidden();
    throw error;
  }
}

export interface OrdersAccess {
  userId: string;
  orgId: string;
  /** Holds "orders.manage": may cancel and refund. */
  canManage: boolean;
}

/** /o/{orgId}/orders…: "orders.view" (the sidebar hides Orders from anyone else; the pages refuse them with 403). */
export async function ordersAccess(locale: string, orgId: string): Promise<OrdersAccess> {
  const { user, permissions } = await requireOrganisationAccess(locale, orgId, 'orders.view');
  return { userId: user.id, orgId, canManage: holds(permissions, 'orders.manage') };
}

/** /s/{shopId}/orders: the shop dashboard's 'shop-auth' check ("shops"), and "orders.view" in the shop's organisation. */
export async function shopOrdersAccess(locale: string, shopId: string): Promise<OrdersAccess & { shopName: string }> {
  const { orgId, shopName } = await requireShopAccess(locale, shopId);
  return { ...(await ordersAccess(locale, orgId)), shopName };
}

/** One page of orders, newest first; `scopeShopId` keeps it to one shop whatever the query says. */
export async function loadOrderList(
  userId: string,
  orgId: string,
  query: OrderListQuery,
  scopeShopId?: string,
): Promise<OrderListView> {
  const orders = orderClientAs(userId);
  const shopId = scopeShopId ?? query.shop;
  const { rows, hasNextPage } = await cursorPage(query.page, async (pageToken) => {
    const answer = await orForbidden(
      orders.listOrders({
        organisationId: orgId,
        shopId,
        query: query.q,
        statuses: query.status ? [query.status] : [],
        page: { pageSize: ORDERS_PAGE_SIZE, pageToken },
      }),
    );
    return { rows: answer.orders, nextPageToken: answer.page?.nextPageToken ?? '' };
  });
  return { orders: rows.map(toOrderView), page: query.page, hasNextPage, query: query.q, status: query.status, shopId };
}

/** Every page of a list of named things (at most SHOP_NAMES_MAX of them), by name. */
async function allNames(
  fetchPage: (pageToken: string) => Promise<{ names: ShopName[]; nextPageToken: string }>,
): Promise<ShopName[]> {
  const names: ShopName[] = [];
  let pageToken = '';
  do {
    const page = await fetchPage(pageToken);
    names.push(...page.names);
    pageToken = page.nextPageToken;
  } while (pageToken && names.length < SHOP_NAMES_MAX);
  return names.sort((a, b) => a.name.localeCompare(b.name));
}

/** The organisation's events (not deleted) by name, for the opt-ins export's filter. */
export function loadEventNames(userId: string, orgId: string): Promise<ShopName[]> {
  const events = eventClientAs(userId);
  return allNames(async (pageToken) => {
    const answer = await events.listEvents({
      organisationId: orgId,
      query: '',
      statuses: [],
      page: { pageSize: 100, pageToken },
    });
    return {
      names: answer.events.map(({ id, name }) => ({ id, name })),
      nextPageToken: answer.page?.nextPageToken ?? '',
    };
  });
}

/** The organisation's shops by name (any member may read them), to name each order's shop. */
export function loadShopNames(userId: string, orgId: string): Promise<ShopName[]> {
  const shops = shopClientAs(userId);
  return allNames(async (pageToken) => {
    const answer = await shops.listShops({
      organisationId: orgId,
      query: '',
      statuses: [],
      page: { pageSize: 100, pageToken },
    });
    return {
      names: answer.shops.map(({ id, name }) => ({ id, name })),
      nextPageToken: answer.page?.nextPageToken ?? '',
    };
  });
}

/** One order in full (its page and its title ask once per request). */
export const loadOrderDetail = cache(
  async (userId: string, orgId: string, orderId: string): Promise<OrderDetailView> => {
    const [answer, payments, names] = await Promise.all([
      orNotFound(orForbidden(orderClientAs(userId).getOrder({ organisationId: orgId, orderId }))),
      orForbidden(
        paymentClientAs(userId).listPayments({
          organisationId: orgId,
          orderId,
          statuses: [],
          page: { pageSize: ORDER_PAYMENTS_MAX, pageToken: '' },
        }),
      ),
      memberNames(userId, orgId),
    ]);
    const shopId = answer.order?.shopId ?? '';
    // A deleted shop is gone from catalog; its orders stay, and the page names the shop by its id then.
    const shopName = shopId
      ? await shopClientAs(userId)
          .getShop({ organisationId: orgId, shopId })
          .then(
            ({ shop }) => shop?.name ?? '',
            () => '',
          )
      : '';
    return toOrderDetailView(answer, payments.payments, names, shopName);
  },
);

/** One page of the organisation's payment attempts, newest first. */
export async function loadPaymentList(userId: string, orgId: string, query: ListQuery): Promise<PaymentListView> {
  const payments = paymentClientAs(userId);
  const { rows, hasNextPage } = await cursorPage(query.page, async (pageToken) => {
    const answer = await orForbidden(
      payments.listPayments({
        organisationId: orgId,
        orderId: '',
        statuses: query.status ? [query.status] : [],
        page: { pageSize: PAYMENTS_PAGE_SIZE, pageToken },
      }),
    );
    return { rows: answer.payments, nextPageToken: answer.page?.nextPageToken ?? '' };
  });
  return { payments: rows.map(toPaymentView), page: query.page, hasNextPage, status: query.status };
}

export async function loadPaymentSettings(userId: string, orgId: string): Promise<PaymentSettingsView> {
  return toPaymentSettingsView(
    await orForbidden(paymentClientAs(userId).getPaymentSettings({ organisationId: orgId })),
  );
}
