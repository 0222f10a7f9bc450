import { issueShopAccessToken, verifyShopAccessToken } from '@kassa/platform/crypto';
import { NotFoundError, PermissionDeniedError, Violations } from '@kassa/platform/errors';
import type { GetPublicShopRequest, GetPublicShopResponse } from '@kassa/proto/catalog/v1/shops';
import { publicShopView } from '../domain/public-shop';
import { verifyShopPassword } from '../domain/shop-password';
import { isReachableByGuests } from '../domain/shop-status';
import { EventEntity } from '../persistence/event.entity';
import { ShopItemEntity } from '../persistence/shop-item.entity';
import { ShopEntity } from '../persistence/shop.entity';
import { TicketOptionEntity } from '../persistence/ticket-option.entity';
import type { CatalogContext } from './catalog-context';
import { eventValuesOf } from './catalog-views';
import { SHOP_NOT_FOUND } from './shop-records';

/**
 * Anonymous and read-only: a public shop that has not closed, in the visitor's locale. Behind a password the items
 * come only with a valid access token or the right password (which earns a token); a wrong password is
 * PERMISSION_DENIED. A draft, deleted, closed or unknown shop is NOT_FOUND alike.
 */
export async function getPublicShop(
  ctx: CatalogContext,
  request: GetPublicShopRequest,
): Promise<GetPublicShopResponse> {
  const violations = new Violations();
  violations.id('shopId', request.shopId, 'shp');
  violations.throwIfAny();
  const now = ctx.now();
  const em = ctx.orm.em.fork();
  const shop = await em.findOne(ShopEntity, { id: request.shopId });
  if (!shop || !isReachableByGuests(shop, now)) throw new NotFoundError(SHOP_NOT_FOUND);

  let accessToken = '';
  let passwordRequired = false;
  if (
    shop.passwordHash &&
    !verifyShopAccessToken(ctx.shopAccessKey, shop.id, shop.passwordVersion, request.accessToken)
  ) {
    if (request.password === '') passwordRequired = true;
    else if (await verifyShopPassword(request.password, shop.passwordHash))
      accessToken = issueShopAccessToken(ctx.shopAccessKey, shop.id, shop.passwordVersion);
    else throw new PermissionDeniedError('Wrong password');
  }

  const items = passwordRequired
    ? []
    : await em.find(ShopItemEntity, { shopId: shop.id }, { orderBy: { position: 'asc', id: 'asc' } });
  const optionIds = [...new Set(items.map((item) => item.ticketOptionId))];
  const eventIds = [...new Set(items.flatMap((item) => item.eventIds))];
  const options = optionIds.length
    ? await em.find(TicketOptionEntity, { id: { $in: optionIds }, organisationId: shop.organisationId })
    : [];
  const events = eventIds.length
    ? await em.find(EventEntity, { id: { $in: eventIds }, organisationId: shop.organisationId })
    : [];
  const view = publicShopView(
    {
      shop,
      items: items.map((item) => ({
        ...item,
        priceMinor: Number(item.priceMinor),
        saleStart: item.saleStart ?? null,
        saleEnd: item.saleEnd ?? null,
        maxPerOrder: item.maxPerOrder ?? null,
      })),
      ticketOptions: new Map(options.map((option) => [option.id, option])),
      events: new Map(events.map((event) => [event.id, { ...eventValuesOf(event), id: event.id }])),
    },
    request.locale,
    { now, passwordRequired },
  );
  return { shop: view, accessToken };
}
