// The event page's reads without servers: catalog's and ordering's clients are mocked, so each test counts the calls
// that reach them. The page is rendered per request; these caches are what keep a crowd on one event's page from
// becoming a crowd of gRPC calls.
import { status } from '@grpc/grpc-js';
import { newId } from '@kassa/platform/ids';

const getPublicEvent = jest.fn();
const listEventShops = jest.fn();
jest.mock('../../server/clients/event-client', () => ({ eventClient: () => ({ getPublicEvent }) }));
jest.mock('../../server/clients/ordering-client', () => ({ orderingClient: () => ({ listEventShops }) }));

import { EVENT_TTL_MS, fetchPublicEvent, forgetPublicEvent, loadEventShops } from '../../server/events/public-event';
import { logger } from '../../server/logger';
import { AVAILABILITY_TTL_MS } from '../../server/shops/public-shop';

const grpcError = (code: status, details: string) =>
  Object.assign(new Error(`${status[code]} ${details}`), { name: 'GrpcCallError', code, details, violations: [] });

const event = (id: string, name: string) => ({
  id,
  name,
  description: 'On the quay.',
  startsAt: new Date('2031-07-04T18:00:00Z'),
  endsAt: new Date('2031-07-04T22:00:00Z'),
  status: 'live',
  location: undefined,
  ticketOptions: [],
  organisationId: 'org_x',
});
const shop = (name: string) => ({
  shopId: newId('shp'),
  name,
  window: 'open',
  opensAt: new Date('2031-06-01T10:00:00Z'),
  closesAt: new Date('2031-07-04T18:00:00Z'),
  currency: 'EUR',
  priceFromMinor: 3500,
  status: 'available',
});

describe("the public event page's reads", () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: Date.parse('2031-06-10T12:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
    getPublicEvent.mockReset();
    listEventShops.mockReset();
  });
  afterEach(() => jest.useRealTimers());

  it('asks catalog once for many visitors within a few seconds, per event and locale, then again', async () => {
    const id = newId('evt');
    getPublicEvent.mockImplementation(async ({ locale }: { locale: string }) => ({
      event: event(id, locale === 'nl' ? 'Vrijdagavond' : 'Friday Night'),
    }));
    const views = await Promise.all(Array.from({ length: 20 }, () => fetchPublicEvent(id, 'en')));
    expect(new Set(views.map((view) => view?.name))).toEqual(new Set(['Friday Night']));
    expect((await fetchPublicEvent(id, 'nl'))?.name).toBe('Vrijdagavond');
    expect(getPublicEvent).toHaveBeenCalledTimes(2);
    jest.setSystemTime(Date.now() + EVENT_TTL_MS - 1);
    await fetchPublicEvent(id, 'en');
    expect(getPublicEvent).toHaveBeenCalledTimes(2);
    jest.setSystemTime(Date.now() + 2);
    await fetchPublicEvent(id, 'en');
    expect(getPublicEvent).toHaveBeenCalledTimes(3);
  });

  it('remembers an unknown event only briefly, and never a failure', async () => {
    const unknown = newId('evt');
    getPublicEvent.mockRejectedValue(grpcError(status.NOT_FOUND, 'Event not found'));
    expect(await fetchPublicEvent(unknown, 'en')).toBeNull();
    expect(await fetchPublicEvent(unknown, 'en')).toBeNull();
    expect(getPublicEvent).toHaveBeenCalledTimes(1);
    jest.setSystemTime(Date.now() + AVAILABILITY_TTL_MS + 1);
    await fetchPublicEvent(unknown, 'en');
    expect(getPublicEvent).toHaveBeenCalledTimes(2);

    const flaky = newId('evt');
    getPublicEvent.mockRejectedValueOnce(grpcError(status.UNAVAILABLE, 'down'));
    await expect(fetchPublicEvent(flaky, 'en')).rejects.toMatchObject({ code: status.UNAVAILABLE });
    getPublicEvent.mockResolvedValueOnce({ event: event(flaky, 'Saturday Night') });
    expect((await fetchPublicEvent(flaky, 'en'))?.name).toBe('Saturday Night');
  });

  it('forgets an event in every locale when the organiser writes it, also a view that was loading meanwhile', async () => {
    const id = newId('evt');
    let name = 'Friday Night';
    getPublicEvent.mockImplementation(async () => ({ event: event(id, name) }));
    await fetchPublicEvent(id, 'en');
    await fetchPublicEvent(id, 'nl');
    name = 'Friday Night (moved)';
    forgetPublicEvent(id);
    expect((await fetchPublicEvent(id, 'en'))?.name).toBe('Friday Night (moved)');
    expect((await fetchPublicEvent(id, 'nl'))?.name).toBe('Friday Night (moved)');
    expect(getPublicEvent).toHaveBeenCalledTimes(4);

    // A read that started before the write answers its own caller, but is not kept for the next one.
    let answer: (value: unknown) => void = () => undefined;
    jest.setSystemTime(Date.now() + EVENT_TTL_MS + 1);
    getPublicEvent.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const loading = fetchPublicEvent(id, 'en');
    name = 'Friday Night (cancelled)';
    forgetPublicEvent(id);
    answer({ event: event(id, 'Friday Night (moved)') });
    expect((await loading)?.name).toBe('Friday Night (moved)');
    expect((await fetchPublicEvent(id, 'en'))?.name).toBe('Friday Night (cancelled)');
  });

  it('keeps the shops that sell an event at most a second, and shows none when ordering cannot answer', async () => {
    const id = newId('evt');
    listEventShops.mockResolvedValue({ shops: [shop('Summer Nights')] });
    await Promise.all([loadEventShops(id), loadEventShops(id)]);
    expect((await loadEventShops(id))?.map((entry) => entry.name)).toEqual(['Summer Nights']);
    expect(listEventShops).toHaveBeenCalledTimes(1);
    jest.setSystemTime(Date.now() + AVAILABILITY_TTL_MS + 1);
    await loadEventShops(id);
    expect(listEventShops).toHaveBeenCalledTimes(2);

    const other = newId('evt');
    const logged = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    listEventShops.mockRejectedValueOnce(grpcError(status.UNAVAILABLE, 'down'));
    expect(await loadEventShops(other)).toBeNull();
    expect(logged).toHaveBeenCalledTimes(1);
    expect((await loadEventShops(other))?.length).toBe(1);
    logged.mockRestore();
  });
});
