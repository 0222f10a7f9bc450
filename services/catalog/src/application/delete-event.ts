import type { DeleteEventRequest, DeleteEventResponse } from '@kassa/proto/catalog/v1/events';
import type { CatalogContext, Caller } from './catalog-context';
import { changeEventStatus } from './change-event-status';

/** Hidden from guests at once, removed for good 14 days later by the removal job; deleting twice succeeds. */
export function deleteEvent(
  ctx: CatalogContext,
  caller: Caller,
  request: DeleteEventRequest,
): Promise<DeleteEventResponse> {
  return changeEventStatus(ctx, caller, request, 'deleted');
}
