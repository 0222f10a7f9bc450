// What every shop route handler does first: who is asking, which organisation and ids (400 'ID is invalid'), may
// they change shops there (404/403, before the body is even read), then the body (400 with the spec's message per
// field, see readBody). catalog checks all of it again.
import type { SessionUser } from '@kassa/web/lib/api-result';
import { discountCodeBodySchema, shopBodySchema, shopItemBodySchema } from '@kassa/web/lib/shop-rules';
import type { NextRequest } from 'next/server';
import { requireRouteId } from '../http-problem';
import { authorizeOrganisation, requireApiUser } from '../organisations/organisation-access';

export { readBody } from '../request-body';

/** The dynamic segments of the shop routes (type aliases, so that handler() sees their index signature). */
export type ShopsParams = { orgId: string };
export type ShopParams = { orgId: string; shopId: string };
export type ShopItemParams = { orgId: string; shopId: string; itemId: string };
export type DiscountCodeParams = { orgId: string; shopId: string; discountCodeId: string };

export interface ShopWrite {
  user: SessionUser;
  orgId: string;
  shopId: string;
  itemId: string;
  discountCodeId: string;
}

type AnyShopParams = { orgId?: string; shopId?: string; itemId?: string; discountCodeId?: string };

/** Signed in, well-formed ids, allowed to change the organisation's shops. Ids the route does not have are ''. */
export async function authorizeShopWrite(request: NextRequest, params: AnyShopParams): Promise<ShopWrite> {
  const user = await requireApiUser(request);
  const orgId = requireRouteId('org', params.orgId);
  const shopId = params.shopId === undefined ? '' : requireRouteId('shp', params.shopId);
  const itemId = params.itemId === undefined ? '' : requireRouteId('itm', params.itemId);
  const discountCodeId = params.discountCodeId === undefined ? '' : requireRouteId('dsc', params.discountCodeId);
  await authorizeOrganisation(user.id, orgId, 'shops');
  return { user, orgId, shopId, itemId, discountCodeId };
}

// Built once: the schemas speak the spec's English.
export const newShopBody = shopBodySchema(true);
export const shopBody = shopBodySchema(false);
export const shopItemBody = shopItemBodySchema();
export const discountCodeBody = discountCodeBodySchema();
