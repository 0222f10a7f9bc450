// /event/{eventId}: a live or ended event as guests see it, in their language. Server-rendered, no client code.
import { Ticket } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { StatusBadge } from '../../components/ui/status-badge';
import type { PublicEventView } from '../../lib/event-model';
import { EventWhenWhere } from './event-when-where';

export function PublicEventScreen({ event }: { event: PublicEventView }) {
  const t = useTranslations('Events.public');
  const ended = event.status === 'ended';
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-8" data-testid="public-event">
      <header className="flex flex-col gap-3">
        {ended && (
          <div>
            <StatusBadge status="ended" />
          </div>
        )}
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{event.name}</h1>
        <EventWhenWhere
          startsAt={event.startsAt}
          endsAt={event.endsAt}
          location={event.location}
          labels={{ when: t('when'), where: t('where') }}
          className="gap-2 sm:gap-x-8"
        />
        {ended && <p className="text-sm">{t('endedNotice')}</p>}
      </header>

      {event.description && (
        <section aria-labelledby="about" className="flex flex-col gap-2">
          <h2 id="about" className="text-xl font-semibold">
            {t('about')}
          </h2>
          <p className="max-w-prose whitespace-pre-line leading-relaxed">{event.description}</p>
        </section>
      )}

      <section aria-labelledby="tickets" className="flex flex-col gap-3">
        <h2 id="tickets" className="text-xl font-semibold">
          {t('tickets')}
        </h2>
        {event.ticketOptions.length === 0 ? (
          <p className="text-muted-foreground">{t('noTickets')}</p>
        ) : (
          <ul
            className="flex flex-col divide-y divide-border rounded-lg border border-border"
            data-testid="public-ticket-options"
          >
            {event.ticketOptions.map((option) => (
              <li key={option.id} className="flex items-start gap-3 p-4">
                <Ticket aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
                <div className="flex flex-col gap-1">
                  <span className="font-medium">{option.name}</span>
                  {option.description && (
                    <span className="whitespace-pre-line text-sm text-muted-foreground">{option.description}</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        {!ended && <p className="rounded-md bg-muted px-4 py-3 text-sm">{t('salesSoon')}</p>}
      </section>
    </article>
  );
}
