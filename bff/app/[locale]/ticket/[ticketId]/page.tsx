import { TicketScreen } from '@kassa/web/features/tickets/ticket-screen';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { accessKeyOf } from '../../../../server/orders/guest-access';
import { loadTicketPage } from '../../../../server/tickets/ticket-pages';
import SiteLayout from '../../(site)/layout';

type Props = {
  params: Promise<{ locale: string; ticketId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// Read per request: a ticket is checked in or canceled at any moment, and its page must say so.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale, ticketId } = await params;
  const ticket = await loadTicketPage(ticketId, accessKeyOf(await searchParams), locale);
  const t = await getTranslations({ locale, namespace: 'Tickets.page' });
  return {
    title: t('metaTitle', { reference: ticket.reference }),
    // The address holds the ticket's key: never indexed, never sent to other sites as a Referer.
    robots: { index: false, follow: false },
    referrer: 'same-origin',
  };
}

/**
 * /ticket/{ticketId}?key={accessKey}: one ticket with its QR code, in the site layout, for whoever holds the link
 * (the guest, or whoever they forwarded it to). page-validity has refused a malformed id with 404; an unknown one,
 * or a missing or wrong key, is the 404 page.
 */
export default async function TicketPage({ params, searchParams }: Props) {
  const { locale, ticketId } = await params;
  setRequestLocale(locale);
  const ticket = await loadTicketPage(ticketId, accessKeyOf(await searchParams), locale);
  return (
    <SiteLayout params={params}>
      <TicketScreen ticket={ticket} />
    </SiteLayout>
  );
}
