import { randomBytes } from 'node:crypto';
import { type GrpcCallError, status } from '@kassa/platform/grpc';
import { newId } from '@kassa/platform/ids';
import { EventChanged, TicketOptionChanged } from '@kassa/proto/catalog/events/v1/events';
import type { EventFields, TicketOptionFields } from '@kassa/proto/catalog/v1/events';
import { SYSTEM } from '../../src/application/catalog-context';
import { createEvent } from '../../src/application/create-event';
import { createTicketOption } from '../../src/application/create-ticket-option';
import { endEvent } from '../../src/application/end-event';
import { type CatalogHarness, startCatalogHarness } from '../fixtures/catalog-harness';

jest.setTimeout(60_000);

let h: CatalogHarness;
let owner: string;
let scanner: string;
let orgA: string;
let orgB: string;
const as = (userId: string) => ({ actorUserId: userId });
const address = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;

beforeAll(async () => {
  h = await startCatalogHarness('events');
  const identity = h.identity!;
  owner = (await identity.signUp(address('owner'), 'Olive Owner')).userId;
  orgA = await identity.createOrganisation(owner, 'Organisation A');
  scanner = (await identity.addMember(orgA, owner, address('scanner'), ['checkin'])).userId;
  const ownerB = (await identity.signUp(address('owner-b'))).userId;
  orgB = await identity.createOrganisation(ownerB, 'Organisation B');
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

const hours = (n: number) => new Date(Date.now() + n * 3600_000);
const START = hours(24);
const END = hours(28);
const eventFields = (overrides: Partial<EventFields> = {}): EventFields => ({
  name: 'Summer Concert',
  description: 'Live music in the park',
  startsAt: START,
  endsAt: END,
  ticketLimit: 300,
  translations: [
    { locale: 'en', name: 'Summer Concert', description: 'Live music in the park' },
    { locale: 'nl', name: 'Zomerconcert', description: 'Livemuziek in het park' },
  ],
  location: { address: 'Museumplein 1', city: 'Amsterdam', postalCode: '1071 DJ', country: 'NL' },
  timeZone: '',
  ...overrides,
});
const optionFields = (overrides: Partial<TicketOptionFields> = {}): TicketOptionFields => ({
  name: 'Regular',
  description: 'Entry',
  capacity: 100,
  translations: [{ locale: 'nl', name: 'Standaard', description: 'Toegang' }],
  ...overrides,
});

async function newEvent(organisationId: string, userId: string, fields = eventFields()) {
  const { event } = await h.client.createEvent({ organisationId, fields }, as(userId));
  return event!;
}

/** A digest of everything the service stores, to prove that a refused call changed nothing. */
async function fingerprint(): Promise<unknown> {
  const [row] = await h.sql(`select
    (select string_agg(id || ':' || status || ':' || version || ':' || name, ',' order by id) from event) as events,
    (select string_agg(id || ':' || version || ':' || name, ',' order by id) from ticket_option) as options,
    (select count(*) from history_entry) as history,
    (select count(*) from outbox) as outbox`);
  return row;
}

describe('EventService as an organiser', () => {
  it('runs every RPC: create, update, get, list, ticket options, publish, public page, convert, delete, history', async () => {
    const created = await newEvent(orgA, owner);
    expect(created).toMatchObject({
      organisationId: orgA,
      status: 'draft',
      version: 1,
      ticketLimit: 300,
      ticketOptionCount: 0,
      name: 'Summer Concert',
    });
    expect(created.id).toMatch(/^evt_/);

    const { event: updated } = await h.client.updateEvent(
      {
        organisationId: orgA,
        eventId: created.id,
        fields: eventFields({ name: 'Big Summer Concert', ticketLimit: undefined }),
      },
      as(owner),
    );
    expect(updated).toMatchObject({ name: 'Big Summer Concert', version: 2, status: 'draft' });
    expect(updated!.ticketLimit).toBeUndefined();
    expect((await h.client.getEvent({ organisationId: orgA, eventId: created.id }, as(owner))).event).toEqual(updated);

    const { ticketOption: regular } = await h.client.createTicketOption(
      { organisationId: orgA, eventId: created.id, fields: optionFields() },
      as(owner),
    );
    const { ticketOption: vip } = await h.client.createTicketOption(
      {
        organisationId: orgA,
        eventId: created.id,
        fields: optionFields({
          name: 'VIP',
          capacity: undefined,
          translations: [{ locale: 'nl', name: 'VIP NL', description: '' }],
        }),
      },
      as(owner),
    );
    expect(regular).toMatchObject({ eventId: created.id, capacity: 100, version: 1 });
    expect(vip!.capacity).toBeUndefined();
    const { ticketOption: regularUpdated } = await h.client.updateTicketOption(
      { organisationId: orgA, ticketOptionId: regular!.id, fields: optionFields({ capacity: 0 }) },
      as(owner),
    );
    expect(regularUpdated).toMatchObject({ capacity: 0, version: 2 });
    expect(
      (await h.client.listTicketOptions({ organisationId: orgA, eventId: created.id }, as(owner))).ticketOptions.map(
        (o) => o.id,
      ),
    ).toEqual([regular!.id, vip!.id]);

    const listed = await h.client.listEvents(
      { organisationId: orgA, query: 'amsterdam', statuses: [], page: undefined },
      as(owner),
    );
    expect(listed.events.find((e) => e.id === created.id)).toMatchObject({ ticketOptionCount: 2 });
    expect(
      (
        await h.client.listEvents(
          { organisationId: orgA, query: 'no such thing', statuses: [], page: undefined },
          as(owner),
        )
      ).events,
    ).toEqual([]);
    expect(
      (
        await h.client.listEvents({ organisationId: orgA, query: '', statuses: ['live'], page: undefined }, as(owner))
      ).events.map((e) => e.id),
    ).not.toContain(created.id);

    await expect(h.client.getPublicEvent({ eventId: created.id, locale: 'en' })).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    const { event: live } = await h.client.publishEvent({ organisationId: orgA, eventId: created.id }, as(owner));
    expect(live).toMatchObject({ status: 'live', version: 3 });
    expect((await h.client.publishEvent({ organisationId: orgA, eventId: created.id }, as(owner))).event).toMatchObject(
      { status: 'live', version: 3 },
    );

    const nl = (await h.client.getPublicEvent({ eventId: created.id, locale: 'nl' })).event!;
    expect(nl).toMatchObject({
      name: 'Zomerconcert',
      description: 'Livemuziek in het park',
      status: 'live',
      organisationId: orgA,
    });
    expect(nl.ticketOptions.map((o) => o.name)).toEqual(['Standaard', 'VIP NL']);
    const en = (await h.client.getPublicEvent({ eventId: created.id, locale: 'en' })).event!;
    expect(en.ticketOptions.map((o) => [o.name, o.description])).toEqual([
      ['Regular', 'Entry'],
      ['VIP', 'Entry'],
    ]);

    const { event: draft } = await h.client.convertEventToDraft(
      { organisationId: orgA, eventId: created.id },
      as(owner),
    );
    expect(draft).toMatchObject({ status: 'draft', version: 4 });
    expect(
      (await h.client.convertEventToDraft({ organisationId: orgA, eventId: created.id }, as(owner))).event!.version,
    ).toBe(4);
    await expect(h.client.getPublicEvent({ eventId: created.id, locale: 'en' })).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });

    await h.client.deleteTicketOption({ organisationId: orgA, ticketOptionId: vip!.id }, as(owner));
    await h.client.deleteTicketOption({ organisationId: orgA, ticketOptionId: vip!.id }, as(owner));
    expect(
      (await h.client.listTicketOptions({ organisationId: orgA, eventId: created.id }, as(owner))).ticketOptions,
    ).toHaveLength(1);

    const { event: deleted } = await h.client.deleteEvent({ organisationId: orgA, eventId: created.id }, as(owner));
    expect(deleted).toMatchObject({ status: 'deleted', version: 5 });
    expect(deleted!.removalAt!.getTime() - deleted!.deletedAt!.getTime()).toBe(14 * 24 * 3600_000);
    expect((await h.client.deleteEvent({ organisationId: orgA, eventId: created.id }, as(owner))).event!.version).toBe(
      5,
    );
    expect((await h.client.getEvent({ organisationId: orgA, eventId: created.id }, as(owner))).event!.status).toBe(
      'deleted',
    );
    expect(
      (
        await h.client.listEvents({ organisationId: orgA, query: '', statuses: [], page: undefined }, as(owner))
      ).events.map((e) => e.id),
    ).not.toContain(created.id);
    expect(
      (
        await h.client.listEvents(
          { organisationId: orgA, query: '', statuses: ['deleted'], page: undefined },
          as(owner),
        )
      ).events.map((e) => e.id),
    ).toContain(created.id);
    await expect(h.client.getPublicEvent({ eventId: created.id, locale: 'en' })).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    await expect(
      h.client.updateEvent({ organisationId: orgA, eventId: created.id, fields: eventFields() }, as(owner)),
    ).rejects.toMatchObject({ code: status.FAILED_PRECONDITION });
    await expect(h.client.publishEvent({ organisationId: orgA, eventId: created.id }, as(owner))).rejects.toMatchObject(
      { code: status.FAILED_PRECONDITION },
    );

    // History: newest first, with the actor; the event's includes its ticket options'.
    const history = (
      await h.client.listHistory({ organisationId: orgA, entityId: created.id, page: undefined }, as(owner))
    ).entries;
    expect(history.map((entry) => `${entry.entityId.slice(0, 3)}:${entry.action}`)).toEqual([
      'evt:deleted',
      'tko:deleted',
      'evt:converted_to_draft',
      'evt:published',
      'tko:updated',
      'tko:created',
      'tko:created',
      'evt:updated',
      'evt:created',
    ]);
    expect(new Set(history.map((entry) => entry.actorUserId))).toEqual(new Set([owner]));
    const createdEntry = JSON.parse(history.at(-1)!.propertiesJson) as Record<string, { from: unknown; to: unknown }>;
    expect(Object.keys(createdEntry).sort()).toEqual([
      'description',
      'endsAt',
      'location',
      'name',
      'startsAt',
      'status',
      'ticketLimit',
      'timeZone',
      'translations',
    ]);
    expect(createdEntry.name).toEqual({ from: null, to: 'Summer Concert' });
    expect(JSON.parse(history.at(-2)!.propertiesJson)).toEqual({
      name: { from: 'Summer Concert', to: 'Big Summer Concert' },
      ticketLimit: { from: 300, to: null },
    });
    expect(JSON.parse(history[0]!.propertiesJson)).toEqual({ status: { from: 'draft', to: 'deleted' } });
    const optionHistory = (
      await h.client.listHistory({ organisationId: orgA, entityId: vip!.id, page: undefined }, as(owner))
    ).entries;
    expect(optionHistory.map((entry) => entry.action)).toEqual(['deleted', 'created']);
    const paged = await h.client.listHistory(
      { organisationId: orgA, entityId: created.id, page: { pageSize: 4, pageToken: '' } },
      as(owner),
    );
    expect(paged.entries).toHaveLength(4);
    const next = await h.client.listHistory(
      { organisationId: orgA, entityId: created.id, page: { pageSize: 4, pageToken: paged.page!.nextPageToken } },
      as(owner),
    );
    expect(next.entries[0]!.id).toBe(history[4]!.id);
  });

  it('publishes whole snapshots with increasing versions on the namespaced stream', async () => {
    const event = await newEvent(orgA, owner);
    const { ticketOption } = await h.client.createTicketOption(
      { organisationId: orgA, eventId: event.id, fields: optionFields() },
      as(owner),
    );
    await h.client.publishEvent({ organisationId: orgA, eventId: event.id }, as(owner));
    await h.client.updateEvent(
      { organisationId: orgA, eventId: event.id, fields: eventFields({ name: 'Renamed' }) },
      as(owner),
    );
    await h.client.deleteTicketOption({ organisationId: orgA, ticketOptionId: ticketOption!.id }, as(owner));

    type Messages = { subject: string; data: Uint8Array }[];
    const ofEvent = (messages: Messages) =>
      messages
        .filter((m) => m.subject.startsWith('kassa.catalog.event.'))
        .map((m) => ({ subject: m.subject, message: EventChanged.decode(m.data) }))
        .filter((m) => m.message.event!.id === event.id);
    const ofOption = (messages: Messages) =>
      messages
        .filter((m) => m.subject.startsWith('kassa.catalog.ticket_option.'))
        .map((m) => TicketOptionChanged.decode(m.data))
        .filter((m) => m.ticketOption!.id === ticketOption!.id);
    const messages = await h.waitForStream((all) => ofEvent(all).length === 3 && ofOption(all).length === 2);
    const events = ofEvent(messages);
    expect(events.map((e) => [e.subject, e.message.change, e.message.event!.version, e.message.actorUserId])).toEqual([
      ['kassa.catalog.event.created', 'created', 1, owner],
      ['kassa.catalog.event.published', 'published', 2, owner],
      ['kassa.catalog.event.updated', 'updated', 3, owner],
    ]);
    expect(events[2]!.message.event).toMatchObject({
      name: 'Renamed',
      status: 'live',
      organisationId: orgA,
      ticketOptionCount: 1,
      location: { city: 'Amsterdam' },
    });
    expect(ofOption(messages).map((m) => [m.change, m.ticketOption!.version, m.organisationId])).toEqual([
      ['created', 1, orgA],
      ['deleted', 2, orgA],
    ]);
  });

  it("keeps each event's own time zone: Amsterdam unless given, changed only by a zone, shown to guests", async () => {
    const event = await newEvent(orgA, owner);
    expect(event.timeZone).toBe('Europe/Amsterdam');
    const update = (timeZone: string) =>
      h.client.updateEvent({ organisationId: orgA, eventId: event.id, fields: eventFields({ timeZone }) }, as(owner));
    expect((await update('America/New_York')).event).toMatchObject({ timeZone: 'America/New_York', version: 2 });
    // A form that sends no zone keeps the event's: no change, no new version.
    expect((await update('')).event).toMatchObject({ timeZone: 'America/New_York', version: 2 });
    const before = await fingerprint();
    await expect(update('Mars/Base')).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      violations: [{ field: 'timeZone', message: 'Time zone is invalid' }],
    });
    expect(await fingerprint()).toEqual(before);
    await h.client.publishEvent({ organisationId: orgA, eventId: event.id }, as(owner));
    expect((await h.client.getPublicEvent({ eventId: event.id, locale: 'en' })).event!.timeZone).toBe(
      'America/New_York',
    );
  });

  it('refuses invalid fields with INVALID_ARGUMENT and field violations, changing nothing', async () => {
    const event = await newEvent(orgA, owner);
    const before = await fingerprint();
    const startsAt = hours(10);
    await expect(
      h.client.createEvent(
        {
          organisationId: orgA,
          fields: eventFields({
            name: ' ',
            startsAt,
            endsAt: startsAt,
            ticketLimit: 0,
            translations: [{ locale: 'de', name: 'x', description: '' }],
          }),
        },
        as(owner),
      ),
    ).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      violations: [
        { field: 'name', message: 'Name is required' },
        { field: 'endsAt', message: 'End is invalid' },
        { field: 'ticketLimit', message: 'Minimum value is 1' },
        { field: 'translations.0.locale', message: 'Language is invalid' },
      ],
    });
    await expect(
      h.client.updateEvent(
        {
          organisationId: orgA,
          eventId: event.id,
          fields: eventFields({ location: { address: '', city: 'x'.repeat(101), postalCode: '', country: 'ZZ' } }),
        },
        as(owner),
      ),
    ).rejects.toMatchObject({
      violations: [
        { field: 'location.city', message: 'City is too long' },
        { field: 'location.country', message: 'Country is invalid' },
      ],
    });
    await expect(
      h.client.createTicketOption(
        { organisationId: orgA, eventId: event.id, fields: optionFields({ capacity: -1, name: 'x'.repeat(101) }) },
        as(owner),
      ),
    ).rejects.toMatchObject({
      violations: [
        { field: 'name', message: 'Name is too long' },
        { field: 'capacity', message: 'Minimum value is 0' },
      ],
    });
    await expect(h.client.getEvent({ organisationId: orgA, eventId: 'evt_nope' }, as(owner))).rejects.toMatchObject({
      violations: [{ field: 'eventId', message: 'ID is invalid' }],
    });
    await expect(
      h.client.listEvents({ organisationId: orgA, query: '', statuses: ['open'], page: undefined }, as(owner)),
    ).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    expect(await fingerprint()).toEqual(before);
  });

  it('refuses to publish an event that has already ended', async () => {
    const event = await newEvent(orgA, owner, eventFields({ startsAt: hours(-5), endsAt: hours(-1) }));
    await expect(h.client.publishEvent({ organisationId: orgA, eventId: event.id }, as(owner))).rejects.toMatchObject({
      code: status.FAILED_PRECONDITION,
    });
    expect((await h.client.getEvent({ organisationId: orgA, eventId: event.id }, as(owner))).event).toMatchObject({
      status: 'draft',
      version: 1,
    });
  });
});

describe('tenant isolation and permissions', () => {
  let eventB: string;
  let optionB: string;
  let eventA: string;
  let optionA: string;
  beforeAll(async () => {
    // Organisation B's data, made on the system path (B's owner plays no part in the table below).
    eventB = (await createEvent(h.running.ctx, SYSTEM, { organisationId: orgB, fields: eventFields() })).event!.id;
    optionB = (
      await createTicketOption(h.running.ctx, SYSTEM, { organisationId: orgB, eventId: eventB, fields: optionFields() })
    ).ticketOption!.id;
    eventA = (await newEvent(orgA, owner)).id;
    optionA = (
      await h.client.createTicketOption({ organisationId: orgA, eventId: eventA, fields: optionFields() }, as(owner))
    ).ticketOption!.id;
  });

  // Every organiser RPC, with the ids it names; later steps add rows.
  const calls = (org: string, event: string, option: string) => ({
    getEvent: () => h.client.getEvent({ organisationId: org, eventId: event }, as(owner)),
    updateEvent: () => h.client.updateEvent({ organisationId: org, eventId: event, fields: eventFields() }, as(owner)),
    publishEvent: () => h.client.publishEvent({ organisationId: org, eventId: event }, as(owner)),
    convertEventToDraft: () => h.client.convertEventToDraft({ organisationId: org, eventId: event }, as(owner)),
    deleteEvent: () => h.client.deleteEvent({ organisationId: org, eventId: event }, as(owner)),
    createTicketOption: () =>
      h.client.createTicketOption({ organisationId: org, eventId: event, fields: optionFields() }, as(owner)),
    updateTicketOption: () =>
      h.client.updateTicketOption({ organisationId: org, ticketOptionId: option, fields: optionFields() }, as(owner)),
    deleteTicketOption: () => h.client.deleteTicketOption({ organisationId: org, ticketOptionId: option }, as(owner)),
    listTicketOptions: () => h.client.listTicketOptions({ organisationId: org, eventId: event }, as(owner)),
    listHistory: () => h.client.listHistory({ organisationId: org, entityId: event, page: undefined }, as(owner)),
    listHistoryOfOption: () =>
      h.client.listHistory({ organisationId: org, entityId: option, page: undefined }, as(owner)),
  });

  it("answers NOT_FOUND to a member of A using B's ids, under A's id or under B's, and changes nothing", async () => {
    const before = await fingerprint();
    for (const [org, label] of [
      [orgA, 'own organisation, foreign ids'],
      [orgB, 'foreign organisation'],
    ] as const) {
      for (const [name, call] of Object.entries(calls(org, eventB, optionB))) {
        const error = (await call().then(
          () => undefined,
          (e: GrpcCallError) => e,
        )) as GrpcCallError | undefined;
        expect([label, name, error?.code]).toEqual([label, name, status.NOT_FOUND]);
      }
    }
    await expect(
      h.client.createEvent({ organisationId: orgB, fields: eventFields() }, as(owner)),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
    await expect(
      h.client.listEvents({ organisationId: orgB, query: '', statuses: [], page: undefined }, as(owner)),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
    // Unknown ids look the same.
    await expect(h.client.getEvent({ organisationId: orgA, eventId: newId('evt') }, as(owner))).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    await expect(
      h.client.deleteTicketOption({ organisationId: orgA, ticketOptionId: newId('tko') }, as(owner)),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
    expect(await fingerprint()).toEqual(before);
  });

  it('answers PERMISSION_DENIED to a member without "events" on writes and lets them read', async () => {
    const before = await fingerprint();
    const writes: [string, () => Promise<unknown>][] = [
      ['createEvent', () => h.client.createEvent({ organisationId: orgA, fields: eventFields() }, as(scanner))],
      [
        'updateEvent',
        () => h.client.updateEvent({ organisationId: orgA, eventId: eventA, fields: eventFields() }, as(scanner)),
      ],
      ['publishEvent', () => h.client.publishEvent({ organisationId: orgA, eventId: eventA }, as(scanner))],
      [
        'convertEventToDraft',
        () => h.client.convertEventToDraft({ organisationId: orgA, eventId: eventA }, as(scanner)),
      ],
      ['deleteEvent', () => h.client.deleteEvent({ organisationId: orgA, eventId: eventA }, as(scanner))],
      [
        'createTicketOption',
        () =>
          h.client.createTicketOption({ organisationId: orgA, eventId: eventA, fields: optionFields() }, as(scanner)),
      ],
      [
        'updateTicketOption',
        () =>
          h.client.updateTicketOption(
            { organisationId: orgA, ticketOptionId: optionA, fields: optionFields() },
            as(scanner),
          ),
      ],
      [
        'deleteTicketOption',
        () => h.client.deleteTicketOption({ organisationId: orgA, ticketOptionId: optionA }, as(scanner)),
      ],
    ];
    for (const [name, call] of writes) {
      const error = (await call().then(
        () => undefined,
        (e: GrpcCallError) => e,
      )) as GrpcCallError | undefined;
      expect([name, error?.code]).toEqual([name, status.PERMISSION_DENIED]);
    }
    expect((await h.client.getEvent({ organisationId: orgA, eventId: eventA }, as(scanner))).event!.id).toBe(eventA);
    expect(
      (await h.client.listEvents({ organisationId: orgA, query: '', statuses: [], page: undefined }, as(scanner)))
        .events.length,
    ).toBeGreaterThan(0);
    expect(
      (await h.client.listTicketOptions({ organisationId: orgA, eventId: eventA }, as(scanner))).ticketOptions,
    ).toHaveLength(1);
    expect(
      (await h.client.listHistory({ organisationId: orgA, entityId: eventA, page: undefined }, as(scanner))).entries
        .length,
    ).toBeGreaterThan(0);
    expect(await fingerprint()).toEqual(before);
  });

  it('answers UNAUTHENTICATED to an organiser call without an actor', async () => {
    await expect(h.client.getEvent({ organisationId: orgA, eventId: eventA })).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
    });
  });

  it('shows guests live and ended events only', async () => {
    await expect(h.client.getPublicEvent({ eventId: eventA, locale: 'en' })).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    await expect(h.client.getPublicEvent({ eventId: newId('evt'), locale: 'en' })).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    await h.client.publishEvent({ organisationId: orgA, eventId: eventA }, as(owner));
    expect((await h.client.getPublicEvent({ eventId: eventA, locale: 'nl' })).event).toMatchObject({
      name: 'Zomerconcert',
      status: 'live',
    });
    expect(await endEvent({ ...h.running.ctx, now: () => hours(29) }, eventA)).toBe(true);
    expect((await h.client.getPublicEvent({ eventId: eventA, locale: 'en' })).event).toMatchObject({ status: 'ended' });
    await h.client.deleteEvent({ organisationId: orgA, eventId: eventA }, as(owner));
    await expect(h.client.getPublicEvent({ eventId: eventA, locale: 'en' })).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
  });
});
