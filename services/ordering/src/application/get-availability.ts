import { Violations } from '@kassa/platform/errors';
import type { GetAvailabilityRequest, GetAvailabilityResponse } from '@kassa/proto/ordering/v1/ordering';
import type { OrderingContext } from './ordering-context';
import { loadOpenShop } from './sellable-shop';

/** Every item's availability in an upcoming or open public shop; two queries, no writes. */
export async function getAvailability(
  ctx: OrderingContext,
  request: GetAvailabilityRequest,
): Promise<GetAvailabilityResponse> {
  const violations = new Violations();
  const shopId = violations.id('shopId', request.shopId, 'shp');
  violations.throwIfAny();
  const now = ctx.now();
  const { window, items } = await loadOpenShop(ctx.orm.em.fork(), shopId, now);
  return {
    shopId,
    window,
    items: items.map(({ item, availability }) => ({
      itemId: item.id,
      status: availability.status,
      maxQuantity: availability.maxQuantity,
      remaining: availability.remaining ?? undefined,
    })),
    computedAt: now,
  };
}
