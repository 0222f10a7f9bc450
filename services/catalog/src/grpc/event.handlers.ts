import type { AsyncHandlers } from '@kassa/platform/grpc';
import { EventServiceService } from '@kassa/proto/catalog/v1/events';
import type { CatalogContext } from '../application/catalog-context';
import { convertEventToDraft } from '../application/convert-event-to-draft';
import { createEvent } from '../application/create-event';
import { createTicketOption } from '../application/create-ticket-option';
import { deleteEvent } from '../application/delete-event';
import { deleteTicketOption } from '../application/delete-ticket-option';
import { getEvent } from '../application/get-event';
import { getPublicEvent } from '../application/get-public-event';
import { listEvents } from '../application/list-events';
import { listHistory } from '../application/list-history';
import { listTicketOptions } from '../application/list-ticket-options';
import { publishEvent } from '../application/publish-event';
import { updateEvent } from '../application/update-event';
import { updateTicketOption } from '../application/update-ticket-option';

export const eventService = EventServiceService;

/** Maps the gRPC surface onto the use cases; each organiser call passes its call context to be authorised. */
export function eventHandlers(ctx: CatalogContext): AsyncHandlers<typeof EventServiceService> {
  return {
    createEvent: (request, call) => createEvent(ctx, call, request),
    updateEvent: (request, call) => updateEvent(ctx, call, request),
    getEvent: (request, call) => getEvent(ctx, call, request),
    listEvents: (request, call) => listEvents(ctx, call, request),
    publishEvent: (request, call) => publishEvent(ctx, call, request),
    convertEventToDraft: (request, call) => convertEventToDraft(ctx, call, request),
    deleteEvent: (request, call) => deleteEvent(ctx, call, request),
    createTicketOption: (request, call) => createTicketOption(ctx, call, request),
    updateTicketOption: (request, call) => updateTicketOption(ctx, call, request),
    deleteTicketOption: (request, call) => deleteTicketOption(ctx, call, request),
    listTicketOptions: (request, call) => listTicketOptions(ctx, call, request),
    listHistory: (request, call) => listHistory(ctx, call, request),
    getPublicEvent: (request) => getPublicEvent(ctx, request),
  };
}
