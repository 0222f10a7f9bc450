// PUT /api/organisations/{orgId}/shops/{shopId}/items/{itemId} {ShopItemInput} → { item }.
// DELETE → { ok: true }. An item that is not (or no longer) the shop's answers 404: ids of another shop or
// organisation must not look like a success.
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../../server/handler';
import { HttpProblem, NOT_FOUND_MESSAGE } from '../../../../../../../../server/http-problem';
import { shopClientAs } from '../../../../../../../../server/clients/shop-client';
import {
  authorizeShopWrite,
  readBody,
  shopItemBody,
  type ShopItemParams,
  type ShopWrite,
} from '../../../../../../../../server/shops/shop-requests';
import { toShopItemFields, toShopItemView } from '../../../../../../../../server/shops/shop-views';

/** The item as the shop lists it (its position is kept on update: position 0 would move it last). */
async function requireItemOfShop({ user, orgId, shopId, itemId }: ShopWrite) {
  const { items } = await shopClientAs(user.id).listShopItems({ organisationId: orgId, shopId });
  const item = items.find((candidate) => candidate.id === itemId);
  if (!item) throw new HttpProblem(404, { message: NOT_FOUND_MESSAGE });
  return item;
}

export const PUT = handler<ShopItemParams>(async (request, { params }) => {
  const write = await authorizeShopWrite(request, params);
  const body = await readBody(request, shopItemBody);
  const current = await requireItemOfShop(write);
  const { item } = await shopClientAs(write.user.id).updateShopItem({
    organisationId: write.orgId,
    shopId: write.shopId,
    itemId: write.itemId,
    fields: toShopItemFields(body, current.position),
  });
  return NextResponse.json({ item: toShopItemView(item) });
});

export const DELETE = handler<ShopItemParams>(async (request, { params }) => {
  const write = await authorizeShopWrite(request, params);
  await requireItemOfShop(write);
  await shopClientAs(write.user.id).deleteShopItem({
    organisationId: write.orgId,
    shopId: write.shopId,
    itemId: write.itemId,
  });
  return NextResponse.json({ ok: true });
});
