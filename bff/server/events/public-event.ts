// The public event page's data: catalog's guest view in the visitor's locale (anonymous, no actor).
import { isGrpcCallError, status } from '@kassa/platform/grpc';
import type { PublicEventView } from '@kassa/web/lib/event-model';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { eventClient } from '../clients/event-client';
import { toPublicEventView } from './event-views';
import { isPrefixedId } from '../site/page-validity';

/** The event, or the 404 page when it is not live or ended (draft, deleted, unknown). Asked once per request. */
export const loadPublicEvent = cache(async (eventId: string, locale: string): Promise<PublicEventView> => {
  if (!isPrefixedId('evt', eventId)) notFound();
  try {
    const { event } = await eventClient().getPublicEvent({ eventId, locale });
    return toPublicEventView(event);
  } catch (error) {
    if (isGrpcCallError(error) && (error.code === status.NOT_FOUND || error.code === status.INVALID_ARGUMENT))
      notFound();
    throw error;
  }
});
