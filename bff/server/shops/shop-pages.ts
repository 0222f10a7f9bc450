// What the organiser's shop pages read from catalog (and identity, for names in the history), acting for the
// signed-in member. catalog's NOT_FOUND (unknown id, another organisation's) becomes the 404 page.
import { isGrpcCallError, status } from '@kassa/platform/grpc';
import type { HistoryEntryView } from '@kassa/web/lib/event-model';
import {
  type DiscountCodeView,
  type SellableEvent,
  SHOP_LIST_STATUSES,
  type ShopItemView,
  type ShopListView,
  type ShopView,
} from '@kassa/web/lib/shop-model';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { eventClientAs } from '../clients/event-client';
import { requireSignedInUser } from '../auth/dashboard-user';
import { memberNames, orNotFound } from '../events/event-pages';
import { toHistoryEntryView } from '../events/event-views';
import { cursorPage, listQuery, type ListQuery } from '../list-pages';
import { holds, requireOrganisationAccess } from '../organisations/organisation-access';
import { shopClientAs } from '../clients/shop-client';
import { toDiscountCodeView, toShopItemView, toShopView } from './shop-views';

export const SHOPS_PAGE_SIZE = 20;
/** The item dialog offers the organisation's events; more than this many is not a list anyone picks from. */
const SELLABLE_EVENTS_MAX = 200;

/** ?q=, ?status= and ?page= as the shops list understands them. */
export const shopListQuery = (search: Record<string, string | string[] | undefined>): ListQuery =>
  listQuery(search, SHOP_LIST_STATUSES);

export async function loadShopList(userId: string, orgId: string, query: ListQuery): Promise<ShopListView> {
  const shops = shopClientAs(userId);
  const { rows, hasNextPage } = await cursorPage(query.page, async (pageToken) => {
    const answer = await shops.listShops({
      organisationId: orgId,
      query: query.q,
      statuses: query.status ? [query.status] : [],
      page: { pageSize: SHOPS_PAGE_SIZE, pageToken },
    });
    return { rows: answer.shops, nextPageToken: answer.page?.nextPageToken ?? '' };
  });
  return { shops: rows.map(toShopView), page: query.page, hasNextPage, query: query.q, status: query.status };
}

/** The shop (a page and its metadata ask once per request). */
export const loadShop = cache(async (userId: string, orgId: string, shopId: string): Promise<ShopView> => {
  const { shop } = await orNotFound(shopClientAs(userId).getShop({ organisationId: orgId, shopId }));
  return toShopView(shop);
});

export async function loadShopItems(userId: string, orgId: string, shopId: string): Promise<ShopItemView[]> {
  const { items } = await orNotFound(shopClientAs(userId).listShopItems({ organisationId: orgId, shopId }));
  return items.map(toShopItemView);
}

export async function loadDiscountCodes(userId: string, orgId: string, shopId: string): Promise<DiscountCodeView[]> {
  const { discountCodes } = await orNotFound(shopClientAs(userId).listDiscountCodes({ organisationId: orgId, shopId }));
  return discountCodes.map(toDiscountCodeView);
}

/** The newest changes of the shop, its items and codes (one page of 100), each with who made it. */
export async function loadShopHistory(userId: string, orgId: string, shopId: string): Promise<HistoryEntryView[]> {
  const [history, names] = await Promise.all([
    orNotFound(
      shopClientAs(userId).listShopHistory({
        organisationId: orgId,
        entityId: shopId,
        page: { pageSize: 100, pageToken: '' },
      }),
    ),
    memberNames(userId, orgId),
  ]);
  return history.entries.map((entry) => toHistoryEntryView(entry, names));
}

/** The organisation's events (not deleted) with their ticket options: what items can sell and grant, and their names. */
export async function loadSellableEvents(userId: string, orgId: string): Promise<SellableEvent[]> {
  const catalog = eventClientAs(userId);
  const events = [];
  let pageToken = '';
  do {
    const answer = await catalog.listEvents({
      organisationId: orgId,
      query: '',
      statuses: [],
      page: { pageSize: 100, pageToken },
    });
    events.push(...answer.events);
    pageToken = answer.page?.nextPageToken ?? '';
  } while (pageToken && events.length < SELLABLE_EVENTS_MAX);
  const options = await Promise.all(
    events.map((event) => catalog.listTicketOptions({ organisationId: orgId, eventId: event.id })),
  );
  return events
    .map((event, index) => ({
      id: event.id,
      name: event.name,
      status: event.status,
      startsAt: event.startsAt ? event.startsAt.toISOString() : '',
      ticketOptions: options[index]!.ticketOptions.map(({ id, name }) => ({ id, name })),
    }))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

export interface ShopsAccess {
  userId: string;
  /** Holds "shops" (the pages admit no one else; kept for the screens' read-only mode). */
  canEdit: boolean;
  /** The organisation's default language: a shop's own texts are in it, its form asks for the other one too. */
  ownLocale: string;
  /** The organisation's currency, a new shop's default. */
  currency: string;
}

/** Who is looking at an organisation's shops: the pages need "shops" (the sidebar hides them from anyone else). */
export async function shopsAccess(locale: string, orgId: string): Promise<ShopsAccess> {
  const { user, organisation, permissions } = await requireOrganisationAccess(locale, orgId, 'shops');
  return {
    userId: user.id,
    canEdit: holds(permissions, 'shops'),
    ownLocale: organisation.organisation?.defaultLocale || 'en',
    currency: organisation.organisation?.currency || 'EUR',
  };
}

/**
 * The shop dashboard's 'shop-auth' check (/s/{shopId}/…): signed in (else to sign-in and back), the shop's
 * organisation found through LocateShop (NOT_FOUND, which outsiders also get, → 404), then "shops" there (403).
 */
export const requireShopAccess = cache(async (locale: string, shopId: string) => {
  const user = await requireSignedInUser(locale);
  let located;
  try {
    located = await shopClientAs(user.id).locateShop({ shopId });
  } catch (error) {
    if (isGrpcCallError(error) && (error.code === status.NOT_FOUND || error.code === status.INVALID_ARGUMENT))
      notFound();
    throw error;
  }
  const access = await requireOrganisationAccess(locale, located.organisationId, 'shops');
  return { ...access, orgId: located.organisationId, shopName: located.name };
});
