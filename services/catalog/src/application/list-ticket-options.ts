import type { ListTicketOptionsRequest, ListTicketOptionsResponse } from '@kassa/proto/catalog/v1/events';
import { TicketOptionEntity } from '../persistence/ticket-option.entity';
import { type CatalogContext, type Caller, READ, authorizeCaller } from './catalog-context';
import { checkIds, loadEvent } from './catalog-records';
import { toTicketOptionMessage } from './catalog-views';

/** An event's ticket options in creation order (ids are time-sortable). */
export async function listTicketOptions(
  ctx: CatalogContext,
  caller: Caller,
  request: ListTicketOptionsRequest,
): Promise<ListTicketOptionsResponse> {
  checkIds(request);
  await authorizeCaller(ctx, caller, request.organisationId, READ);
  const em = ctx.orm.em.fork();
  const event = await loadEvent(em, request.organisationId, request.eventId);
  const options = await em.find(TicketOptionEntity, { eventId: event.id }, { orderBy: { id: 'asc' } });
  return { ticketOptions: options.map(toTicketOptionMessage) };
}
