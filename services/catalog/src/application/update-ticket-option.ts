import { FailedPreconditionError } from '@kassa/platform/errors';
import type { UpdateTicketOptionRequest, UpdateTicketOptionResponse } from '@kassa/proto/catalog/v1/events';
import { ticketOptionProperties } from '../domain/history';
import { checkTicketOptionFields } from '../domain/ticket-option-fields';
import { type CatalogContext, type Caller, WRITE, authorizeCaller } from './catalog-context';
import { checkIds, loadEvent, loadTicketOption, recordTicketOptionChange } from './catalog-records';
import { ticketOptionValuesOf, toTicketOptionMessage } from './catalog-views';

/** Replaces a ticket option's editable fields; not while its event is deleted. */
export async function updateTicketOption(
  ctx: CatalogContext,
  caller: Caller,
  request: UpdateTicketOptionRequest,
): Promise<UpdateTicketOptionResponse> {
  checkIds(request);
  const actorUserId = await authorizeCaller(ctx, caller, request.organisationId, WRITE);
  const values = checkTicketOptionFields(request.fields);
  const now = ctx.now();
  return ctx.orm.em.fork().transactional(async (em) => {
    const option = await loadTicketOption(em, request.organisationId, request.ticketOptionId, true);
    const event = await loadEvent(em, request.organisationId, option.eventId);
    if (event.status === 'deleted') throw new FailedPreconditionError('The event is deleted');
    const before = ticketOptionProperties(ticketOptionValuesOf(option));
    Object.assign(option, values);
    if (JSON.stringify(before) === JSON.stringify(ticketOptionProperties(ticketOptionValuesOf(option))))
      return { ticketOption: toTicketOptionMessage(option) };
    return { ticketOption: recordTicketOptionChange(em, option, before, { action: 'updated', actorUserId, at: now }) };
  });
}
