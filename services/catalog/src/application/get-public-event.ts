import { NotFoundError, Violations } from '@kassa/platform/errors';
import type { GetPublicEventRequest, GetPublicEventResponse } from '@kassa/proto/catalog/v1/events';
import { isPubliclyVisible } from '../domain/event-status';
import { publicEventView } from '../domain/public-event';
import { EventEntity } from '../persistence/event.entity';
import { TicketOptionEntity } from '../persistence/ticket-option.entity';
import type { CatalogContext } from './catalog-context';
import { eventValuesOf } from './catalog-views';

/** Anonymous: a live or ended event in the visitor's locale; a draft, deleted or unknown one is NOT_FOUND alike. */
export async function getPublicEvent(
  ctx: CatalogContext,
  request: GetPublicEventRequest,
): Promise<GetPublicEventResponse> {
  const violations = new Violations();
  violations.id('eventId', request.eventId, 'evt');
  violations.throwIfAny();
  const em = ctx.orm.em.fork();
  const event = await em.findOne(EventEntity, { id: request.eventId });
  if (!event || !isPubliclyVisible(event.status)) throw new NotFoundError('Event not found');
  const options = await em.find(TicketOptionEntity, { eventId: event.id }, { orderBy: { id: 'asc' } });
  const view = publicEventView(
    { ...eventValuesOf(event), id: event.id, organisationId: event.organisationId },
    options,
    request.locale,
  );
  return { event: view };
}
