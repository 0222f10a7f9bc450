import { PublicEventScreen } from '@kassa/web/features/events/public-event-screen';
import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { loadEventShops, loadPublicEvent } from '../../../../../server/events/public-event';
import { Link } from '../../../../../i18n/navigation';
import { staticCanonical } from '../../../../../server/site/page-metadata';
import { ClientMessages } from '../../../../../components/client-messages';
import { CLIENT_MESSAGES } from '../../../../../server/site/client-messages';

type Props = { params: Promise<{ locale: string; eventId: string }> };

// Read per request: an organiser who converts the event to a draft or deletes it takes the page down at once.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, eventId } = await params;
  const event = await loadPublicEvent(eventId, locale);
  return {
    title: event.name,
    description: event.description.slice(0, 160) || undefined,
    alternates: staticCanonical(locale, `/event/${eventId}`),
  };
}

/**
 * /event/{eventId}: a live or ended event for anyone, in the visitor's language, with the shops that sell it; drafts,
 * deleted and unknown ones are 404.
 */
export default async function PublicEventPage({ params }: Props) {
  const { locale, eventId } = await params;
  setRequestLocale(locale);
  const [event, shops] = await Promise.all([loadPublicEvent(eventId, locale), loadEventShops(eventId)]);
  return (
    <ClientMessages namespaces={CLIENT_MESSAGES.event}>
      <PublicEventScreen event={event} shops={shops} Link={Link} />
    </ClientMessages>
  );
}
