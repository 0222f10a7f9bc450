// /s/{shopId} as guests see it, in their language. The list is server-rendered; only the quantity pickers and the
// cart (with donation and discount code) run in the browser, sharing one cart state (ShopCartProvider).
import { Clock, Ticket, Tickets } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Badge, type BadgeProps } from '../../components/ui/badge';
import { formatMinor } from '../../lib/money-input';
import {
  availabilityOf,
  groupShopItems,
  type AvailabilityStatus,
  type AvailabilityView,
  type PublicShopEventView,
  type PublicShopItemView,
  type PublicShopView,
} from '../../lib/public-shop';
import { EventDates } from '../events/event-dates';
import { EventWhenWhere } from '../events/event-when-where';
import { ReloadAt } from './reload-at';
import { QuantityPicker, ShopCartProvider } from './shop-cart';
import { useFormatter } from '../../lib/formatter';

export interface PublicShopScreenProps {
  shop: PublicShopView;
  availability: AvailabilityView;
  /** The cart panel, wired to the price endpoint by the BFF (a client component). */
  cartPanel: ReactNode;
}

export function PublicShopScreen({ shop, availability, cartPanel }: PublicShopScreenProps) {
  const t = useTranslations('PublicShop');
  const { offers, singles } = groupShopItems(shop.items, shop.events);
  const eventsById = new Map(shop.events.map((event) => [event.id, event]));
  const maxQuantities = Object.fromEntries(
    shop.items.map((item) => [item.id, availabilityOf(availability, item.id).maxQuantity]),
  );
  const empty = offers.length === 0 && singles.length === 0;
  const item = (entry: PublicShopItemView) => (
    <ShopItemRow
      key={entry.id}
      item={entry}
      availability={availability}
      currency={shop.currency}
      grants={
        entry.eventIds.length > 1
          ? entry.eventIds.map((id) => eventsById.get(id)).filter((event) => event !== undefined)
          : []
      }
    />
  );

  return (
    <ShopCartProvider
      shopId={shop.id}
      itemOrder={shop.items.map(({ id }) => id)}
      maxQuantities={maxQuantities}
      donation={shop.donation}
    >
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-8" data-testid="public-shop">
        <ShopHeader shop={shop} />
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <div className="flex flex-col gap-8">
            {empty ? (
              <p className="rounded-md bg-muted px-4 py-3 text-sm">{t('nothingForSale')}</p>
            ) : (
              <p className="rounded-md bg-muted px-4 py-3 text-sm" data-testid="choose-note">
                {t('note')}
              </p>
            )}
            {offers.length > 0 && (
              <section aria-labelledby="offers" className="flex flex-col gap-3" data-testid="offers">
                <div className="flex flex-col gap-0.5">
                  <h2 id="offers" className="text-xl font-semibold">
                    {t('offers')}
                  </h2>
                  <p className="text-sm text-muted-foreground">{t('offersHint')}</p>
                </div>
                <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
                  {offers.map(item)}
                </ul>
              </section>
            )}
            {singles.length > 0 && (
              <section aria-labelledby="singles" className="flex flex-col gap-5" data-testid="singles">
                <h2 id="singles" className="text-xl font-semibold">
                  {t('singleTickets')}
                </h2>
                {singles.map((group) => (
                  <section
                    key={group.event.id}
                    aria-labelledby={`event-${group.event.id}`}
                    className="flex flex-col gap-2"
                    data-testid="event-group"
                  >
                    <EventHeading event={group.event} />
                    <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
                      {group.items.map(item)}
                    </ul>
                  </section>
                ))}
              </section>
            )}
          </div>
          <aside className="lg:sticky lg:top-6">{cartPanel}</aside>
        </div>
      </div>
    </ShopCartProvider>
  );
}

function ShopHeader({ shop }: { shop: Pick<PublicShopView, 'name' | 'description'> }) {
  return (
    <header className="flex flex-col gap-3">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{shop.name}</h1>
      {shop.description && (
        <p className="max-w-prose whitespace-pre-line leading-relaxed text-muted-foreground">{shop.description}</p>
      )}
    </header>
  );
}

function EventHeading({ event }: { event: PublicShopEventView }) {
  const t = useTranslations('PublicShop');
  return (
    <div className="flex flex-col gap-1">
      <h3 id={`event-${event.id}`} className="text-lg font-semibold">
        {event.name}
      </h3>
      <EventWhenWhere
        startsAt={event.startsAt}
        endsAt={event.endsAt}
        timeZone={event.timeZone}
        location={event.location}
        labels={{ when: t('when'), where: t('where') }}
        className="gap-1 text-sm sm:gap-x-6"
      />
    </div>
  );
}

const AVAILABILITY_TONES: Record<AvailabilityStatus, BadgeProps['tone']> = {
  available: 'success',
  'sold out': 'danger',
  closed: 'neutral',
  upcoming: 'info',
};
const AVAILABILITY_KEYS = {
  available: 'available',
  'sold out': 'soldOut',
  closed: 'closed',
  upcoming: 'upcoming',
} as const;

function ShopItemRow({
  item,
  availability,
  currency,
  grants,
}: {
  item: PublicShopItemView;
  availability: AvailabilityView;
  currency: string;
  grants: PublicShopEventView[];
}) {
  const t = useTranslations('PublicShop');
  const format = useFormatter();
  const locale = useLocale();
  const { status, maxQuantity, remaining } = availabilityOf(availability, item.id);
  const Icon = grants.length > 0 ? Tickets : Ticket;
  return (
    <li
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between"
      data-testid="shop-item"
      data-item-id={item.id}
    >
      <div className="flex min-w-0 gap-3">
        <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="flex min-w-0 flex-col gap-1">
          <span className="font-medium">{item.name}</span>
          {item.description && (
            <span className="whitespace-pre-line text-sm text-muted-foreground">{item.description}</span>
          )}
          {grants.length > 0 && (
            <div className="text-sm">
              <span className="text-muted-foreground">{t('grants')}: </span>
              <ul className="inline">
                {grants.map((event, index) => (
                  <li key={event.id} className="inline">
                    {index > 0 && ', '}
                    <span className="font-medium">{event.name}</span> (
                    <EventDates startsAt={event.startsAt} endsAt={event.endsAt} timeZone={event.timeZone} />)
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="flex flex-wrap items-center gap-2 pt-1 text-sm">
            <Badge tone={AVAILABILITY_TONES[status]} data-availability={status}>
              {t(`availability.${AVAILABILITY_KEYS[status]}`)}
            </Badge>
            {status === 'available' && remaining !== null && (
              <span className="font-medium text-warning">{t('onlyLeft', { count: remaining })}</span>
            )}
            {status === 'upcoming' && item.saleStart && (
              <span className="text-muted-foreground">
                {t('salesStart', {
                  date: format.dateTime(new Date(item.saleStart), { dateStyle: 'medium', timeStyle: 'short' }),
                })}
              </span>
            )}
            {item.maxPerOrder !== null && status === 'available' && (
              <span className="text-muted-foreground">{t('maxPerOrder', { count: item.maxPerOrder })}</span>
            )}
          </div>
        </div>
      </div>
      <div className="flex shrink-0 items-center justify-between gap-4 pl-8 sm:flex-col sm:items-end sm:pl-0">
        <span className="text-lg font-semibold tabular-nums" data-testid="item-price">
          {item.priceMinor === 0 ? t('free') : formatMinor(item.priceMinor, currency, locale)}
        </span>
        {status === 'available' && maxQuantity > 0 && <QuantityPicker itemId={item.id} itemName={item.name} />}
      </div>
    </li>
  );
}

/** An upcoming shop: when it opens, in the visitor's language; the page reloads itself at that moment. */
export function ShopUpcomingScreen({
  shop,
}: {
  shop: Pick<PublicShopView, 'id' | 'name' | 'description' | 'opensAt'>;
}) {
  const t = useTranslations('PublicShop.upcoming');
  const format = useFormatter();
  const opensAt = new Date(shop.opensAt);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6" data-testid="shop-upcoming">
      <div>
        <Badge tone="info">
          <Clock aria-hidden className="size-3.5" />
          {t('badge')}
        </Badge>
      </div>
      <ShopHeader shop={shop} />
      <section
        aria-labelledby="upcoming-title"
        className="flex flex-col gap-2 rounded-lg border border-border bg-card p-5 text-card-foreground"
      >
        <h2 id="upcoming-title" className="text-lg font-semibold">
          {t('title')}
        </h2>
        <p>
          {t.rich('opensAt', {
            // The zone is named: the shop's clock (the organiser's) need not be the guest's.
            date: format.dateTime(opensAt, {
              weekday: 'long',
              day: 'numeric',
              month: 'long',
              year: 'numeric',
              hour: 'numeric',
              minute: '2-digit',
              timeZoneName: 'short',
            }),
            time: (chunks) => (
              <time dateTime={shop.opensAt} className="font-medium" data-testid="opens-at">
                {chunks}
              </time>
            ),
          })}
        </p>
        <p className="text-sm text-muted-foreground">{t('refresh')}</p>
      </section>
      <ReloadAt at={shop.opensAt} storageKey={`kassa:opens:${shop.id}`} />
    </div>
  );
}
