import type { PublishEventRequest, PublishEventResponse } from '@kassa/proto/catalog/v1/events';
import type { CatalogContext, Caller } from './catalog-context';
import { changeEventStatus } from './change-event-status';

/** draft → live; publishing a live event again succeeds without a change. */
export function publishEvent(
  ctx: CatalogContext,
  caller: Caller,
  request: PublishEventRequest,
): Promise<PublishEventResponse> {
  return changeEventStatus(ctx, caller, request, 'published');
}
