// /event/{eventId}: a live or ended event as guests see it, in their language. Server-rendered, no client code.
import { Store, Ticket } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { buttonVariants } from '../../components/ui/button';
import { StatusBadge } from '../../components/ui/status-badge';
import type { PublicEventShopView, PublicEventView } from '../../lib/event-model';
import { useFormatter } from '../../lib/formatter';
import { formatMinor } from '../../lib/money-input';
import { EventWhenWhere } from './event-when-where';

export interface PublicEventScreenProps {
  event: PublicEventView;
  /** Where its tickets are sold, open shops first; null when that could not be read. */
  shops: PublicEventShopView[] | null;
  Link?: LinkComponent;
}

export function PublicEventScreen({ event, shops, Link = PlainLink }: PublicEventScreenProps) {
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
          timeZone={event.timeZone}
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
        {!ended && shops?.length === 0 && <p className="rounded-md bg-muted px-4 py-3 text-sm">{t('salesSoon')}</p>}
      </section>

      {!ended && shops && shops.length > 0 && (
        <section aria-labelledby="buy" className="flex flex-col gap-3" data-testid="public-event-shops">
          <h2 id="buy" className="text-xl font-semibold">
            {t('buyTitle')}
          </h2>
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {shops.map((shop) => (
              <EventShop key={shop.shopId} shop={shop} Link={Link} />
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

function EventShop({ shop, Link }: { shop: PublicEventShopView; Link: LinkComponent }) {
  const t = useTranslations('Events.public');
  const locale = useLocale();
  const format = useFormatter();
  const soldOut = shop.status === 'sold out';
  const state =
    shop.window === 'upcoming'
      ? t('shopOpens', { date: format.dateTime(new Date(shop.opensAt), { dateStyle: 'medium', timeStyle: 'short' }) })
      : soldOut
        ? t('shopSoldOut')
        : t('shopAvailable');
  return (
    <li className="flex flex-wrap items-center gap-3 p-4" data-testid="public-event-shop">
      <Store aria-hidden className="size-5 shrink-0 text-primary" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="font-medium">{shop.name}</span>
        <span className="text-sm text-muted-foreground">
          {t('priceFrom', { price: formatMinor(shop.priceFromMinor, shop.currency, locale) })} · {state}
        </span>
      </div>
      <Link
        href={`/s/${shop.shopId}`}
        className={buttonVariants({ variant: shop.window === 'open' && !soldOut ? 'primary' : 'outline' })}
      >
        {shop.window === 'open' && !soldOut ? t('buy') : t('viewShop')}
      </Link>
    </li>
  );
}
