import { newId } from '@kassa/platform/ids';
import type { CreateShopRequest, CreateShopResponse } from '@kassa/proto/catalog/v1/shops';
import { checkShopFields } from '../domain/shop-fields';
import { hashShopPassword } from '../domain/shop-password';
import { ShopEntity } from '../persistence/shop.entity';
import { type CatalogContext, type Caller, SHOPS, authorizeCaller } from './catalog-context';
import { checkShopIds, recordShopChange } from './shop-records';

/** A new draft shop of the organisation. */
export async function createShop(
  ctx: CatalogContext,
  caller: Caller,
  request: CreateShopRequest,
): Promise<CreateShopResponse> {
  checkShopIds(request);
  const actorUserId = await authorizeCaller(ctx, caller, request.organisationId, SHOPS);
  const { password, ...values } = checkShopFields(request.fields, { creating: true });
  const passwordHash = password ? await hashShopPassword(password) : null;
  const now = ctx.now();
  return ctx.orm.em.fork().transactional(async (em) => {
    const shop = em.create(ShopEntity, {
      id: newId('shp'),
      organisationId: request.organisationId,
      ...values,
      showComingSoon: values.showComingSoon ?? false,
      status: 'draft',
      passwordHash,
      passwordVersion: passwordHash ? 1 : 0,
      announcedWindow: '',
      version: 0,
      createdAt: now,
      deletedAt: null,
      removalAt: null,
    });
    const message = await recordShopChange(em, shop, undefined, { action: 'created', actorUserId, at: now });
    ctx.logger.info({ shopId: shop.id, organisationId: shop.organisationId }, 'shop created');
    return { shop: message };
  });
}
