// `npm run seed -w @kassa/catalog`: demo events and the demo shops (one open, one opening soon) of the demo
// organisation, each created once.
//
// The seed is the service's own code, so it calls the use cases on the SYSTEM path (application/catalog-context.ts):
// no actor and no Authorize call to identity, which need not be running. History and outbox messages are written
// exactly as for an organiser (with an empty actor), so the demo events look like any others and their snapshots
// reach NATS once the service runs.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { loadConfig } from '@kassa/platform/config';
import { deriveShopAccessKey, parseKey } from '@kassa/platform/crypto';
import { createLogger } from '@kassa/platform/logging';
import { createOrm } from '@kassa/platform/persistence';
import type { EventFields, TicketOptionFields } from '@kassa/proto/catalog/v1/events';
import type { ShopFields } from '@kassa/proto/catalog/v1/shops';
import { type CatalogContext, SYSTEM } from '../application/catalog-context';
import { createDiscountCode } from '../application/create-discount-code';
import { createEvent } from '../application/create-event';
import { createShop } from '../application/create-shop';
import { createShopItem } from '../application/create-shop-item';
import { createTicketOption } from '../application/create-ticket-option';
import { endEvent } from '../application/end-event';
import { publishEvent } from '../application/publish-event';
import { publishShop } from '../application/publish-shop';
import { CATALOG_DEFAULTS } from '../config';
import { DEMO_SHOP_NAME, DEMO_UPCOMING_SHOP_NAME } from './demo-data';
import { EventEntity } from './event.entity';
import { catalogEntities } from './schema';
import { ShopEntity } from './shop.entity';
import { TicketOptionEntity } from './ticket-option.entity';

/** The demo organisation identity's seed creates (agreed in helper notes: the same fixed id on both sides). */
export const DEMO_ORGANISATION_ID = 'org_01kassadem0000000000000000';

const DAY = 24 * 60 * 60 * 1000;
const at = (now: Date, days: number, hour: number) => {
  const date = new Date(now.getTime() + days * DAY);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
};

const location = { address: 'Museumplein 1', city: 'Amsterdam', postalCode: '1071 DJ', country: 'NL' };

function summerConcert(now: Date): EventFields {
  return {
    name: 'Summer Concert in the Park',
    description: 'An evening of live music under the trees, with food trucks and a bar.',
    startsAt: at(now, 30, 17),
    endsAt: at(now, 30, 22),
    ticketLimit: 500,
    translations: [
      {
        locale: 'nl',
        name: 'Zomerconcert in het park',
        description: 'Een avond livemuziek onder de bomen, met foodtrucks en een bar.',
      },
    ],
    location,
    timeZone: 'Europe/Amsterdam',
  };
}

const concertOptions: TicketOptionFields[] = [
  {
    name: 'Regular',
    description: 'Entry to the park and the concert.',
    capacity: 450,
    translations: [{ locale: 'nl', name: 'Standaard', description: 'Toegang tot het park en het concert.' }],
  },
  {
    name: 'VIP',
    description: 'Seats near the stage and a drink on arrival.',
    capacity: 50,
    translations: [
      { locale: 'nl', name: 'VIP', description: 'Plaatsen vlak bij het podium en een drankje bij aankomst.' },
    ],
  },
];

function autumnWorkshop(now: Date): EventFields {
  return {
    name: 'Autumn Pottery Workshop',
    description: 'Learn to throw your first bowl in three hours.',
    startsAt: at(now, 60, 13),
    endsAt: at(now, 60, 16),
    translations: [
      { locale: 'nl', name: 'Herfstworkshop pottenbakken', description: 'Draai je eerste kom in drie uur.' },
    ],
    location: { address: 'Oudegracht 100', city: 'Utrecht', postalCode: '3511 AX', country: 'NL' },
    timeZone: 'Europe/Amsterdam',
  };
}

function springMarket(now: Date): EventFields {
  return {
    name: 'Spring Market',
    description: 'Local makers, plants and coffee.',
    startsAt: at(now, -20, 9),
    endsAt: at(now, -20, 17),
    translations: [{ locale: 'nl', name: 'Voorjaarsmarkt', description: 'Lokale makers, planten en koffie.' }],
    location: { address: 'Grote Markt 1', city: 'Haarlem', postalCode: '2011 RD', country: 'NL' },
    timeZone: 'Europe/Amsterdam',
  };
}

function jazzNight(now: Date): EventFields {
  return {
    name: 'Late Summer Jazz Night',
    description: 'Three jazz trios on the park stage, the evening after the concert.',
    startsAt: at(now, 31, 19),
    endsAt: at(now, 31, 23),
    ticketLimit: 300,
    translations: [
      {
        locale: 'nl',
        name: 'Nazomer jazzavond',
        description: "Drie jazztrio's op het parkpodium, de avond na het concert.",
      },
    ],
    location,
    timeZone: 'Europe/Amsterdam',
  };
}

const weekendPass: TicketOptionFields = {
  name: 'Weekend pass',
  description: 'The Summer Concert and the Jazz Night on one ticket.',
  capacity: 100,
  translations: [{ locale: 'nl', name: 'Weekendpas', description: 'Het zomerconcert en de jazzavond met één ticket.' }],
};

function demoShop(now: Date): ShopFields {
  return {
    name: DEMO_SHOP_NAME,
    description: 'Tickets for the Summer Concert in the Park, and a weekend pass that adds the Jazz Night.',
    opensAt: new Date(now.getTime() - DAY),
    closesAt: new Date(now.getTime() + 60 * DAY),
    translations: [
      {
        locale: 'nl',
        name: 'Tickets zomerconcert',
        description: 'Tickets voor het zomerconcert in het park, en een weekendpas met de jazzavond erbij.',
      },
    ],
    currency: 'EUR',
    password: undefined,
    donation: { enabled: true, suggestedAmountsMinor: [250, 500, 1000], allowCustomAmount: true },
    reservationMinutes: 15,
  };
}

/** The demo events of Step 3, made once. */
async function seedEvents(ctx: CatalogContext, organisationId: string, now: Date): Promise<void> {
  const { event: concert } = await createEvent(ctx, SYSTEM, { organisationId, fields: summerConcert(now) });
  for (const fields of concertOptions)
    await createTicketOption(ctx, SYSTEM, { organisationId, eventId: concert!.id, fields });
  await publishEvent(ctx, SYSTEM, { organisationId, eventId: concert!.id });

  await createEvent(ctx, SYSTEM, { organisationId, fields: autumnWorkshop(now) });

  // An event that ran last month: created and published before it started, ended by the system after it.
  const before = new Date(now.getTime() - 40 * DAY);
  const past = { ...ctx, now: () => before };
  const { event: market } = await createEvent(past, SYSTEM, { organisationId, fields: springMarket(now) });
  await createTicketOption(past, SYSTEM, {
    organisationId,
    eventId: market!.id,
    fields: {
      name: 'Entry',
      description: '',
      capacity: undefined,
      translations: [{ locale: 'nl', name: 'Toegang', description: '' }],
    },
  });
  await publishEvent(past, SYSTEM, { organisationId, eventId: market!.id });
  await endEvent(ctx, market!.id);
  ctx.logger.info({ organisationId }, 'demo events created');
}

/**
 * The demo shop of Step 4, made once (also on a database seeded before it): the concert's two ticket options and
 * an offer, a weekend pass of a second live event that grants the concert too, a 10 % code and donations.
 */
async function seedShop(ctx: CatalogContext, organisationId: string, now: Date): Promise<void> {
  const em = ctx.orm.em.fork();
  if ((await em.count(ShopEntity, { organisationId, name: DEMO_SHOP_NAME })) > 0) return;
  const concert = await em.findOne(EventEntity, { organisationId, name: summerConcert(now).name, status: 'live' });
  if (!concert)
    throw new Error('the demo Summer Concert is missing or not live; reset the catalog database and seed again');
  const jazz = await em.findOne(EventEntity, { organisationId, name: jazzNight(now).name });
  let passId: string;
  if (!jazz) {
    const { event } = await createEvent(ctx, SYSTEM, { organisationId, fields: jazzNight(now) });
    passId = (await createTicketOption(ctx, SYSTEM, { organisationId, eventId: event!.id, fields: weekendPass }))
      .ticketOption!.id;
    await publishEvent(ctx, SYSTEM, { organisationId, eventId: event!.id });
  } else passId = (await em.findOneOrFail(TicketOptionEntity, { eventId: jazz.id, name: weekendPass.name })).id;
  const concertOptionIds = (await em.find(TicketOptionEntity, { eventId: concert.id }, { orderBy: { id: 'asc' } })).map(
    (option) => option.id,
  );

  const { shop } = await createShop(ctx, SYSTEM, { organisationId, fields: demoShop(now) });
  const shopId = shop!.id;
  const item = (ticketOptionId: string, priceMinor: number, extraEventIds: string[] = [], name = '') =>
    createShopItem(ctx, SYSTEM, {
      organisationId,
      shopId,
      fields: {
        ticketOptionId,
        extraEventIds,
        name,
        priceMinor,
        saleStart: undefined,
        saleEnd: undefined,
        maxPerOrder: undefined,
        position: 0,
      },
    });
  const [regular, vip] = concertOptionIds;
  await item(regular!, 3500);
  await item(vip!, 8500);
  await item(passId, 5500, [concert.id]);
  await createDiscountCode(ctx, SYSTEM, {
    organisationId,
    shopId,
    fields: {
      code: 'SUMMER10',
      type: 'percentage',
      value: 10,
      validFrom: undefined,
      validUntil: undefined,
      maxUses: undefined,
      itemIds: [],
    },
  });
  await publishShop(ctx, SYSTEM, { organisationId, shopId });
  ctx.logger.info({ organisationId, shopId }, 'demo shop created');
}

/**
 * A shop that opens in three days and shows guests a "coming soon" page until then (Step 12), made once: the
 * weekend pass at a presale price. It is on the Jazz Night's public page with its opening time.
 */
async function seedUpcomingShop(ctx: CatalogContext, organisationId: string, now: Date): Promise<void> {
  const em = ctx.orm.em.fork();
  if ((await em.count(ShopEntity, { organisationId, name: DEMO_UPCOMING_SHOP_NAME })) > 0) return;
  const jazz = await em.findOne(EventEntity, { organisationId, name: jazzNight(now).name });
  const concert = await em.findOne(EventEntity, { organisationId, name: summerConcert(now).name });
  if (!jazz || !concert) throw new Error('the demo Jazz Night or Summer Concert is missing; seed the demo shop first');
  const pass = await em.findOneOrFail(TicketOptionEntity, { eventId: jazz.id, name: weekendPass.name });
  const { shop } = await createShop(ctx, SYSTEM, {
    organisationId,
    fields: {
      name: DEMO_UPCOMING_SHOP_NAME,
      description: 'The weekend pass at the presale price, for three weeks from the day it opens.',
      opensAt: new Date(now.getTime() + 3 * DAY),
      closesAt: new Date(now.getTime() + 24 * DAY),
      translations: [
        {
          locale: 'nl',
          name: 'Voorverkoop jazzavond',
          description: 'De weekendpas voor de voorverkoopprijs, drie weken lang vanaf de dag dat de verkoop opent.',
        },
      ],
      currency: 'EUR',
      password: undefined,
      donation: { enabled: false, suggestedAmountsMinor: [], allowCustomAmount: false },
      reservationMinutes: 15,
      showComingSoon: true,
    },
  });
  await createShopItem(ctx, SYSTEM, {
    organisationId,
    shopId: shop!.id,
    fields: {
      ticketOptionId: pass.id,
      extraEventIds: [concert.id],
      name: 'Weekend pass (presale)',
      priceMinor: 4500,
      saleStart: undefined,
      saleEnd: undefined,
      maxPerOrder: undefined,
      position: 0,
    },
  });
  await publishShop(ctx, SYSTEM, { organisationId, shopId: shop!.id });
  ctx.logger.info({ organisationId, shopId: shop!.id }, 'demo upcoming shop created');
}

async function seed(): Promise<void> {
  const config = loadConfig('catalog', CATALOG_DEFAULTS, { KASSA_SEALING_KEY: z.string().optional() });
  const logger = createLogger({ service: 'catalog-seed', level: config.logLevel });
  const orm = await createOrm({ databaseUrl: config.databaseUrl, entities: catalogEntities, logger });
  try {
    const now = new Date();
    const ctx: CatalogContext = {
      orm,
      logger,
      now: () => now,
      // The SYSTEM caller never asks identity; a call that did would be a bug.
      authorizer: { authorize: () => Promise.reject(new Error('the seed authorises nobody')) },
      // The running service's sweeper schedules the deadlines at start-up.
      scheduler: { eventChanged: async () => undefined, shopChanged: async () => undefined },
      // The seed issues no access tokens; the key is the service's when the sealing key is given.
      shopAccessKey: deriveShopAccessKey(
        config.KASSA_SEALING_KEY ? parseKey(config.KASSA_SEALING_KEY) : randomBytes(32),
      ),
    };
    const organisationId = DEMO_ORGANISATION_ID;
    if ((await orm.em.fork().count(EventEntity, { organisationId })) === 0) await seedEvents(ctx, organisationId, now);
    await seedShop(ctx, organisationId, now);
    await seedUpcomingShop(ctx, organisationId, now);
  } finally {
    await orm.close();
  }
}

seed().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
