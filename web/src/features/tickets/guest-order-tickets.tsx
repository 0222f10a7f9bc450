'use client';
// The tickets on the guest's order page once the order is paid, each linking to its own page. Tickets are issued
// a moment after the payment is confirmed (ticketing hears of it through an event), so while there are none yet the
// list asks again: soon at first, then less often, and it gives up after a few minutes (the e-mail brings them too).
import { Ticket } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { StatusBadge } from '../../components/ui/status-badge';
import type { ApiResult } from '../../lib/api-result';
import { ticketHref } from '../../lib/guest-access';
import type { GuestTicketView } from './ticket-model';

/** Waits between asks while no ticket has been issued: 1 s, 2 s, 3 s, 5 s, then every 10 s. */
export function ticketPollDelayMs(attempt: number): number {
  return [1_000, 2_000, 3_000, 5_000][attempt] ?? 10_000;
}

/** How long to keep asking: issuing takes seconds; minutes mean something is stuck, and the e-mail will bring them. */
export const TICKET_POLL_LIMIT_MS = 3 * 60_000;

export interface GuestOrderTicketsProps {
  /** As the server found them (often none yet right after paying). */
  initial: GuestTicketView[];
  /** GET /api/orders/{orderId}/tickets; must be stable. */
  loadTickets(): Promise<ApiResult<GuestTicketView[]>>;
  Link?: LinkComponent;
}

export function GuestOrderTickets({ initial, loadTickets, Link = PlainLink }: GuestOrderTicketsProps) {
  const t = useTranslations('Tickets.guestOrder');
  const [tickets, setTickets] = useState(initial);
  const [gaveUp, setGaveUp] = useState(false);
  const waiting = tickets.length === 0;

  useEffect(() => {
    if (!waiting) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const started = Date.now();
    const schedule = () => {
      if (stopped) return;
      if (Date.now() - started > TICKET_POLL_LIMIT_MS) {
        setGaveUp(true);
        return;
      }
      timer = setTimeout(() => void look(), ticketPollDelayMs(attempt));
      attempt += 1;
    };
    const look = async () => {
      const result = await loadTickets();
      if (stopped) return;
      if (result.ok && result.data.length > 0) {
        setTickets(result.data);
        return;
      }
      schedule();
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [waiting, loadTickets]);

  return (
    <section
      aria-labelledby="order-tickets-title"
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm"
      data-testid="guest-order-tickets"
    >
      <h2 id="order-tickets-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      {waiting ? (
        <p className="text-sm text-muted-foreground" role="status" data-testid="guest-tickets-waiting">
          {gaveUp ? t('later') : t('issuing')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border" data-testid="guest-tickets">
          {tickets.map((ticket) => (
            <li key={ticket.id} className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
              <div className="flex min-w-0 items-start gap-3">
                <Ticket aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
                <div className="flex min-w-0 flex-col">
                  <span className="font-medium">{ticket.itemName}</span>
                  <span className="text-sm text-muted-foreground">
                    {t('position', { position: ticket.position, count: ticket.ofCount })}
                    {ticket.eventNames.length > 0 && ` · ${ticket.eventNames.join(', ')}`}
                  </span>
                  <span className="font-mono text-sm">{ticket.reference}</span>
                </div>
              </div>
              <div className="flex items-center gap-3">
                <StatusBadge status={ticket.status} />
                <Link
                  href={ticketHref(ticket)}
                  className="text-sm font-medium text-secondary underline underline-offset-4 hover:decoration-2"
                  aria-label={t('openLabel', { reference: ticket.reference })}
                >
                  {t('open')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
