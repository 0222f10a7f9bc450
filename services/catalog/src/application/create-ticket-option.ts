import { FailedPreconditionError } from '@kassa/platform/errors';
import { newId } from '@kassa/platform/ids';
import type { CreateTicketOptionRequest, CreateTicketOptionResponse } from '@kassa/proto/catalog/v1/events';
import { checkTicketOptionFields } from '../domain/ticket-option-fields';
import { TicketOptionEntity } from '../persistence/ticket-option.entity';
import { type CatalogContext, type Caller, WRITE, authorizeCaller } from './catalog-context';
import { checkIds, loadEvent, recordTicketOptionChange } from './catalog-records';

/** Adds a ticket option to an event of the organisation (not to a deleted one). */
export async function createTicketOption(
  ctx: CatalogContext,
  caller: Caller,
  request: CreateTicketOptionRequest,
): Promise<CreateTicketOptionResponse> {
  checkIds(request);
  const actorUserId = await authorizeCaller(ctx, caller, request.organisationId, WRITE);
  const values = checkTicketOptionFields(request.fields);
  const now = ctx.now();
  return ctx.orm.em.fork().transactional(async (em) => {
    // The event's row lock orders this against a concurrent delete or removal of the event.
    const event = await loadEvent(em, request.organisationId, request.eventId, true);
    if (event.status === 'deleted') throw new FailedPreconditionError('The event is deleted');
    const option = em.create(TicketOptionEntity, {
      id: newId('tko'),
      eventId: event.id,
      organisationId: event.organisationId,
      ...values,
      version: 0,
      createdAt: now,
    });
    return {
      ticketOption: recordTicketOptionChange(em, option, undefined, { action: 'created', actorUserId, at: now }),
    };
  });
}
