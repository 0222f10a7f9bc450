import { newId } from '@kassa/platform/ids';
import { EventChanged } from '@kassa/proto/catalog/events/v1/events';
import { type CatalogContext, SYSTEM } from '../../src/application/catalog-context';
import { createEvent } from '../../src/application/create-event';
import { createTicketOption } from '../../src/application/create-ticket-option';
import { deleteEvent } from '../../src/application/delete-event';
import { endEvent } from '../../src/application/end-event';
import { publishEvent } from '../../src/application/publish-event';
import { removeEvent } from '../../src/application/remove-event';
import { processDueDeadlines } from '../../src/application/sweep-deadlines';
import { type CatalogHarness, startCatalogHarness } from '../fixtures/catalog-harness';

jest.setTimeout(60_000);

// The deadlines are checked with a moved clock: each use case takes ctx.now(), so nobody waits 14 days.
// Events are made on the system path; authorisation is covered by events.int.test.ts.
let h: CatalogHarness;
beforeAll(async () => {
  h = await startCatalogHarness('deadlines', { identity: false });
});
afterAll(async () => {
  await h?.stop();
});

const ORG = newId('org');
const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;
const at = (date: Date): CatalogContext => ({ ...h.running.ctx, now: () => date });
const fields = (startsAt: Date, endsAt: Date) => ({
  name: 'Night Market',
  description: '',
  startsAt,
  endsAt,
  translations: [],
  location: { address: '', city: 'Rotterdam', postalCode: '', country: 'NL' },
  timeZone: 'Europe/Amsterdam',
});

async function liveEvent(now: Date, endsAt: Date): Promise<string> {
  const { event } = await createEvent(at(now), SYSTEM, {
    organisationId: ORG,
    fields: fields(new Date(endsAt.getTime() - 3600 * SECOND), endsAt),
  });
  await publishEvent(at(now), SYSTEM, { organisationId: ORG, eventId: event!.id });
  return event!.id;
}

const statusOf = async (eventId: string) =>
  (await h.sql<{ status: string }>('select status from event where id = ?', [eventId]))[0]?.status;
const published = async (eventId: string, change: string) =>
  (
    await h.waitForStream((all) =>
      all.some(
        (m) => m.subject === `kassa.catalog.event.${change}` && EventChanged.decode(m.data).event!.id === eventId,
      ),
    )
  )
    .filter((m) => m.subject === `kassa.catalog.event.${change}`)
    .map((m) => EventChanged.decode(m.data))
    .find((m) => m.event!.id === eventId)!;

describe('the automatic end at endsAt', () => {
  it('leaves a live event alone a second before its end and ends it at its end, once', async () => {
    const now = new Date('2030-03-01T10:00:00Z');
    const endsAt = new Date('2030-03-05T22:00:00Z');
    const eventId = await liveEvent(now, endsAt);

    expect(await endEvent(at(new Date(endsAt.getTime() - SECOND)), eventId)).toBe(false);
    expect(await statusOf(eventId)).toBe('live');
    expect(await endEvent(at(endsAt), eventId)).toBe(true);
    expect(await endEvent(at(endsAt), eventId)).toBe(false);
    expect(await statusOf(eventId)).toBe('ended');

    const ended = await published(eventId, 'ended');
    expect(ended).toMatchObject({ change: 'ended', actorUserId: '', event: { status: 'ended', version: 3 } });
    const [entry] = await h.sql<{ action: string; actor_user_id: string | null }>(
      'select action, actor_user_id from history_entry where entity_id = ? order by id desc limit 1',
      [eventId],
    );
    expect(entry).toEqual({ action: 'ended', actor_user_id: null });
  });

  it('is done by the sweep for every due event, from PostgreSQL alone', async () => {
    const now = new Date('2030-04-01T10:00:00Z');
    const first = await liveEvent(now, new Date('2030-04-02T10:00:00Z'));
    const second = await liveEvent(now, new Date('2030-04-03T10:00:00Z'));
    const later = await liveEvent(now, new Date('2030-04-20T10:00:00Z'));
    const result = await processDueDeadlines(at(new Date('2030-04-03T10:00:00Z')));
    expect(result.ended).toBeGreaterThanOrEqual(2);
    expect([await statusOf(first), await statusOf(second), await statusOf(later)]).toEqual(['ended', 'ended', 'live']);
  });

  it('is also done on time by the delayed job, without a sweep', async () => {
    const endsAt = new Date(Date.now() + 1500);
    const eventId = await liveEvent(new Date(), endsAt);
    const deadline = Date.now() + 15_000;
    while ((await statusOf(eventId)) !== 'ended' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await statusOf(eventId)).toBe('ended');
  });
});

describe('the removal 14 days after deletion', () => {
  it('keeps a deleted event until its grace period is over, then removes it with its ticket options and history', async () => {
    const now = new Date('2030-05-01T10:00:00Z');
    const eventId = await liveEvent(now, new Date('2030-06-01T10:00:00Z'));
    await createTicketOption(at(now), SYSTEM, {
      organisationId: ORG,
      eventId,
      fields: { name: 'Entry', description: '', translations: [] },
    });
    const deletedAt = new Date('2030-05-02T10:00:00Z');
    const { event } = await deleteEvent(at(deletedAt), SYSTEM, { organisationId: ORG, eventId });
    expect(event).toMatchObject({ status: 'deleted', deletedAt, removalAt: new Date(deletedAt.getTime() + 14 * DAY) });

    expect(await removeEvent(at(new Date(deletedAt.getTime() + 14 * DAY - SECOND)), eventId)).toBe(false);
    expect(await statusOf(eventId)).toBe('deleted');
    expect(await processDueDeadlines(at(new Date(deletedAt.getTime() + 14 * DAY - SECOND)))).toMatchObject({
      removed: 0,
    });
    expect(await statusOf(eventId)).toBe('deleted');

    expect(await removeEvent(at(new Date(deletedAt.getTime() + 14 * DAY)), eventId)).toBe(true);
    expect(await removeEvent(at(new Date(deletedAt.getTime() + 14 * DAY)), eventId)).toBe(false);
    expect(await statusOf(eventId)).toBeUndefined();
    const [left] = await h.sql<{ options: number; history: number }>(
      'select (select count(*)::int from ticket_option where event_id = ?) as options, (select count(*)::int from history_entry where group_id = ?) as history',
      [eventId, eventId],
    );
    expect(left).toEqual({ options: 0, history: 0 });

    const removed = await published(eventId, 'removed');
    expect(removed).toMatchObject({
      change: 'removed',
      actorUserId: '',
      event: { id: eventId, status: 'deleted', version: 4, ticketOptionCount: 1 },
    });
  });

  it('is done by the sweep too', async () => {
    const deletedAt = new Date('2030-07-01T10:00:00Z');
    const { event } = await createEvent(at(deletedAt), SYSTEM, {
      organisationId: ORG,
      fields: fields(new Date('2030-08-01T10:00:00Z'), new Date('2030-08-01T12:00:00Z')),
    });
    await deleteEvent(at(deletedAt), SYSTEM, { organisationId: ORG, eventId: event!.id });
    expect((await processDueDeadlines(at(new Date(deletedAt.getTime() + 14 * DAY)))).removed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(event!.id)).toBeUndefined();
  });
});
