import type { GetEventRequest, GetEventResponse } from '@kassa/proto/catalog/v1/events';
import { type CatalogContext, type Caller, READ, authorizeCaller } from './catalog-context';
import { checkIds, countTicketOptions, loadEvent } from './catalog-records';
import { toEventMessage } from './catalog-views';

/** One event of the organisation, deleted ones included until they are removed. */
export async function getEvent(
  ctx: CatalogContext,
  caller: Caller,
  request: GetEventRequest,
): Promise<GetEventResponse> {
  checkIds(request);
  await authorizeCaller(ctx, caller, request.organisationId, READ);
  const em = ctx.orm.em.fork();
  const event = await loadEvent(em, request.organisationId, request.eventId);
  return { event: toEventMessage(event, await countTicketOptions(em, event.id)) };
}
