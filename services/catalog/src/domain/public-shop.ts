import type { Location } from './event-fields';
import type { DonationOption } from './shop-fields';
import { type ShopWindow, windowAt } from './shop-status';
import { type Translation, textsIn } from './translations';

interface Texts {
  name: string;
  description: string;
  translations: readonly Translation[];
}

export interface PublicShopSource {
  shop: Texts & {
    id: string;
    organisationId: string;
    opensAt: Date;
    closesAt: Date;
    currency: string;
    donation: DonationOption;
  };
  /** The shop's items in display order. */
  items: readonly {
    id: string;
    ticketOptionId: string;
    eventIds: readonly string[];
    name: string;
    priceMinor: number;
    saleStart: Date | null;
    saleEnd: Date | null;
    maxPerOrder: number | null;
  }[];
  ticketOptions: ReadonlyMap<string, Texts>;
  events: ReadonlyMap<
    string,
    Texts & { id: string; status: string; startsAt: Date; endsAt: Date; location: Location; timeZone: string }
  >;
}

export interface PublicShopView {
  id: string;
  organisationId: string;
  name: string;
  description: string;
  opensAt: Date;
  closesAt: Date;
  window: ShopWindow;
  currency: string;
  passwordRequired: boolean;
  donation: DonationOption;
  events: { id: string; name: string; startsAt: Date; endsAt: Date; location: Location; timeZone: string }[];
  items: {
    id: string;
    name: string;
    description: string;
    priceMinor: number;
    eventIds: string[];
    saleStart: Date;
    saleEnd: Date;
    maxPerOrder: number | undefined;
  }[];
}

/** Guests buy only for events they can see and attend: live ones (a draft, ended or deleted event is left out). */
const isSellable = (event: { status: string } | undefined): boolean => event?.status === 'live';

/**
 * A shop as guests see it, every text in their locale (falling back to the shop's own). Behind a password that was
 * not given, the items and events are left out. An item lists only its live events and is left out when it has
 * none; its name is its own or else its ticket option's, its sale window its own or else the shop's.
 */
export function publicShopView(
  source: PublicShopSource,
  locale: string,
  { now, passwordRequired }: { now: Date; passwordRequired: boolean },
): PublicShopView {
  const { shop } = source;
  const items: PublicShopView['items'] = [];
  const shownEvents = new Set<string>();
  if (!passwordRequired) {
    for (const item of source.items) {
      const option = source.ticketOptions.get(item.ticketOptionId);
      const eventIds = item.eventIds.filter((id) => isSellable(source.events.get(id)));
      if (!option || eventIds.length === 0) continue;
      eventIds.forEach((id) => shownEvents.add(id));
      const optionTexts = textsIn(locale, option);
      items.push({
        id: item.id,
        name: item.name || optionTexts.name,
        description: optionTexts.description,
        priceMinor: item.priceMinor,
        eventIds,
        saleStart: item.saleStart ?? shop.opensAt,
        saleEnd: item.saleEnd ?? shop.closesAt,
        maxPerOrder: item.maxPerOrder ?? undefined,
      });
    }
  }
  const events = [...shownEvents]
    .map((id) => source.events.get(id)!)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id.localeCompare(b.id))
    .map((event) => ({
      id: event.id,
      name: textsIn(locale, event).name,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      location: { ...event.location },
      timeZone: event.timeZone,
    }));
  // An item's events are listed in the order of the shop's events, as the contract promises.
  const rank = new Map(events.map((event, index) => [event.id, index]));
  for (const item of items) item.eventIds.sort((a, b) => rank.get(a)! - rank.get(b)!);
  return {
    id: shop.id,
    organisationId: shop.organisationId,
    ...textsIn(locale, shop),
    opensAt: shop.opensAt,
    closesAt: shop.closesAt,
    window: windowAt(shop, now),
    currency: shop.currency,
    passwordRequired,
    donation: { ...shop.donation, suggestedAmountsMinor: [...shop.donation.suggestedAmountsMinor] },
    events,
    items,
  };
}
