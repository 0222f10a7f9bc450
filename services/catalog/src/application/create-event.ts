import { DEFAULT_TIME_ZONE } from '@kassa/contracts/time-zones';
import { newId } from '@kassa/platform/ids';
import type { CreateEventRequest, CreateEventResponse } from '@kassa/proto/catalog/v1/events';
import { checkEventFields } from '../domain/event-fields';
import { EventEntity } from '../persistence/event.entity';
import { type CatalogContext, type Caller, WRITE, authorizeCaller } from './catalog-context';
import { checkIds, recordEventChange } from './catalog-records';
import { assignEventValues } from './catalog-views';

/** A new draft event of the organisation. */
export async function createEvent(
  ctx: CatalogContext,
  caller: Caller,
  request: CreateEventRequest,
): Promise<CreateEventResponse> {
  checkIds(request);
  const actorUserId = await authorizeCaller(ctx, caller, request.organisationId, WRITE);
  const values = checkEventFields(request.fields, DEFAULT_TIME_ZONE);
  const now = ctx.now();
  return ctx.orm.em.fork().transactional(async (em) => {
    const event = em.create(EventEntity, {
      id: newId('evt'),
      organisationId: request.organisationId,
      status: 'draft',
      version: 0,
      createdAt: now,
      deletedAt: null,
      removalAt: null,
      name: '',
      description: '',
      startsAt: values.startsAt,
      endsAt: values.endsAt,
      ticketLimit: null,
      translations: [],
      address: '',
      city: '',
      postalCode: '',
      country: '',
      timeZone: values.timeZone,
    });
    assignEventValues(event, values);
    const message = await recordEventChange(em, event, undefined, { action: 'created', actorUserId, at: now });
    ctx.logger.info({ eventId: event.id, organisationId: event.organisationId }, 'event created');
    return { event: message };
  });
}
