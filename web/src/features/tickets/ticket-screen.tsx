// /ticket/{ticketId}: one ticket for whoever holds its link, in the site layout. Valid and used tickets show their
// QR code (drawn on the server); a reserved ticket is not valid yet and a canceled one never again, so neither shows
// a code. The buyer's e-mail address is never on it: tickets get forwarded. Printing leaves only the ticket.
// Server-rendered; only the Print button runs in the browser.
import { Ban, CircleCheck, Clock, TicketCheck } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../components/ui/status-badge';
import { cn } from '../../lib/cn';
import { EventWhenWhere } from '../events/event-when-where';
import { PrintButton } from './print-button';
import type { TicketPageView } from './ticket-model';
import { useFormatter } from '../../lib/formatter';

// On paper: nothing but the ticket (the site header, the language switch and the Print button stay on screen), in
// black on white whatever the colour mode, so the QR code scans from a printout.
const PRINT_CSS = `@media print {
  @page { margin: 12mm; }
  body * { visibility: hidden !important; }
  [data-ticket-print], [data-ticket-print] * { visibility: visible !important; }
  [data-ticket-print] { position: absolute; left: 0; top: 0; width: 100%; max-width: none; margin: 0; color: #000 !important; background: #fff !important; box-shadow: none !important; }
  [data-print-hide] { display: none !important; }
}`;

const ICONS: Record<string, ReactNode> = {
  created: <TicketCheck aria-hidden className="size-5 text-success" />,
  used: <CircleCheck aria-hidden className="size-5 text-muted-foreground" />,
  reserved: <Clock aria-hidden className="size-5 text-info" />,
  canceled: <Ban aria-hidden className="size-5 text-destructive" />,
};

export function TicketScreen({ ticket }: { ticket: TicketPageView }) {
  const t = useTranslations('Tickets.page');
  const format = useFormatter();
  const canceled = ticket.status === 'canceled';
  const known = ['created', 'used', 'reserved', 'canceled'].includes(ticket.status);
  const title = ticket.events.length === 1 ? ticket.events[0]!.name : ticket.itemName;
  const moment = (at: string) => format.dateTime(new Date(at), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <article
      className={cn(
        'mx-auto flex w-full max-w-xl flex-col gap-6 rounded-lg border bg-card p-6 text-card-foreground shadow-sm',
        canceled ? 'border-destructive/50' : 'border-border',
      )}
      data-testid="ticket-page"
      data-status={ticket.status}
      data-ticket-print
    >
      <style>{PRINT_CSS}</style>

      {canceled && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-md border border-destructive/40 bg-destructive-muted p-4 text-destructive"
          data-testid="ticket-canceled"
        >
          <Ban aria-hidden className="mt-0.5 size-6 shrink-0" />
          <div className="flex flex-col gap-1">
            <p className="text-lg font-semibold uppercase tracking-wide">{t('canceledTitle')}</p>
            <p className="text-sm">
              {ticket.canceledAt ? t('canceledOn', { date: moment(ticket.canceledAt) }) : t('canceledText')}
            </p>
          </div>
        </div>
      )}

      <header className="flex flex-col gap-2">
        <p className="text-sm font-medium uppercase tracking-wide text-muted-foreground" data-testid="ticket-position">
          {t('position', { position: ticket.position, count: ticket.ofCount })}
        </p>
        <h1
          className={cn(
            'text-2xl font-semibold tracking-tight sm:text-3xl',
            canceled && 'text-muted-foreground line-through',
          )}
        >
          {title}
        </h1>
        <div className="flex flex-wrap items-center gap-2" data-testid="ticket-status">
          {ICONS[ticket.status]}
          <StatusBadge status={ticket.status} className="text-sm" />
          {known && (
            <span className="text-sm text-muted-foreground">{t(`hints.${ticket.status}` as 'hints.created')}</span>
          )}
        </div>
      </header>

      {ticket.qrSvg ? (
        <figure className="flex flex-col items-center gap-3">
          <div
            role="img"
            aria-label={t('qrLabel', { reference: ticket.reference })}
            className={cn(
              'size-64 max-w-full rounded-md bg-white p-3 [&_svg]:size-full',
              ticket.status === 'used' && 'opacity-60',
            )}
            data-testid="ticket-qr"
            // The SVG is drawn by the BFF from ticketing's code (qrcode), never from anything a visitor typed.
            dangerouslySetInnerHTML={{ __html: ticket.qrSvg }}
          />
          <figcaption className="text-center text-sm text-muted-foreground">
            {ticket.status === 'used' ? t('qrUsed') : t('qrHint')}
          </figcaption>
        </figure>
      ) : (
        !canceled && (
          <p className="rounded-md bg-muted px-4 py-3 text-sm" data-testid="ticket-no-qr">
            {ticket.status === 'reserved' ? t('reservedText') : t('noCode')}
          </p>
        )
      )}

      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        <dt className="text-sm text-muted-foreground">{t('reference')}</dt>
        <dd
          className={cn('font-mono text-xl font-semibold tracking-widest', canceled && 'line-through')}
          data-testid="ticket-reference"
        >
          {ticket.reference}
        </dd>
        <dt className="text-sm text-muted-foreground">{t('item')}</dt>
        <dd data-testid="ticket-item">{ticket.itemName}</dd>
        <dt className="text-sm text-muted-foreground">{t('orderNumber')}</dt>
        <dd className="font-mono" data-testid="ticket-order-number">
          {ticket.orderNumber}
        </dd>
      </dl>

      <section aria-labelledby="ticket-events" className="flex flex-col gap-3">
        <h2 id="ticket-events" className="text-lg font-semibold">
          {ticket.events.length === 1 ? t('event') : t('events', { count: ticket.events.length })}
        </h2>
        <ul className="flex flex-col gap-4" data-testid="ticket-events">
          {ticket.events.map((event) => {
            const checkedInAt = ticket.access.find((access) => access.eventId === event.id)?.checkedInAt ?? '';
            return (
              <li key={event.id} className="flex flex-col gap-1" data-testid="ticket-event">
                <span className="font-medium">{event.name}</span>
                <EventWhenWhere
                  startsAt={event.startsAt}
                  endsAt={event.endsAt}
                  timeZone={event.timeZone}
                  location={event.location}
                  labels={{ when: t('when'), where: t('where') }}
                  className="gap-1 text-sm sm:gap-x-6"
                />
                {checkedInAt && (
                  <span className="text-sm text-muted-foreground" data-testid="ticket-checked-in">
                    {t('checkedInAt', { date: moment(checkedInAt) })}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      {ticket.qrSvg && (
        <div className="flex justify-end" data-print-hide>
          <PrintButton label={t('print')} />
        </div>
      )}
    </article>
  );
}
