// The scanner engine with a stand-in for the BFF and the memory store: online scans retried with the same nonce,
// the fall-back to the offline kit, the queue kept and uploaded, conflicts shown, a revoked link stopping everything.
import type { ApiResult } from '../../src/lib/api-result';
import type {
  OfflineKitView,
  OfflineScanInput,
  ScannerOpenView,
  ScanOutcomeView,
  SyncResultView,
} from '../../src/lib/scan-model';
import { createEd25519Verifier } from '../../src/features/scanner/ed25519';
import { createMemoryStore, type ScannerStore } from '../../src/features/scanner/offline-store';
import { type ScannerApi, ScannerEngine, type ShownScan } from '../../src/features/scanner/scanner-engine';
import { makeCode, makeKey, makeKit, offlineTicket } from '../support/ticket-codes';

const EVENT = 'evt_01jzq8y6c3m0v2k4r5t6w7x8za';
const SCOPE = 'link:abc';
const DEVICE = 'dev_phone0001';
const key = makeKey();
const ticket = (n: number) => `tkt_01jzq8y6c3m0v2k4r5t6w7x8${String(n).padStart(2, '0')}`;
const kit: OfflineKitView = makeKit(
  EVENT,
  [key],
  [offlineTicket({ id: ticket(1), reference: 'K7QF-2MXA' }), offlineTicket({ id: ticket(2), reference: 'P3RT-8WZB' })],
);
const opened: ScannerOpenView = {
  event: { id: EVENT, name: 'Summer Night', startsAt: '', endsAt: '', city: 'Utrecht', status: 'live' },
  organisationId: 'org_1',
  deviceName: 'Side door',
  counts: { checkedIn: 10, sold: 100 },
};

const ok = <T>(data: T): ApiResult<T> => ({ ok: true, data });
const failed = (status: number, retryAfterSeconds?: number): ApiResult<never> => ({
  ok: false,
  status,
  message: '',
  fields: {},
  retryAfterSeconds,
});
const valid = (checkedIn: number): ScanOutcomeView => ({
  result: 'valid',
  ticket: { reference: 'K7QF-2MXA', itemName: 'Weekend pass', status: 'used' },
  checkedInAt: '2031-07-01T20:00:00.000Z',
  checkedInByDevice: '',
  counts: { checkedIn, sold: 100 },
});

interface Fake {
  api: ScannerApi;
  scans: { code: string; nonce: string; deviceId: string }[];
  syncs: OfflineScanInput[][];
  scanAnswers: ApiResult<ScanOutcomeView>[];
  syncAnswer: (scans: OfflineScanInput[]) => ApiResult<SyncResultView>;
  openAnswer: ApiResult<ScannerOpenView>;
  kitAnswer: ApiResult<OfflineKitView>;
}

function fakeApi(): Fake {
  const fake: Fake = {
    scans: [],
    syncs: [],
    scanAnswers: [],
    syncAnswer: (scans) =>
      ok({
        outcomes: scans.map((scan) => ({
          nonce: scan.nonce,
          outcome: 'admitted',
          reference: '',
          checkedInAt: '',
          checkedInByDevice: '',
        })),
        counts: { checkedIn: 11, sold: 100 },
      }),
    openAnswer: ok(opened),
    kitAnswer: ok(kit),
    api: {
      open: async () => fake.openAnswer,
      offlineKit: async () => fake.kitAnswer,
      scan: async (input) => {
        fake.scans.push(input);
        return fake.scanAnswers.shift() ?? failed(0);
      },
      sync: async ({ scans }) => {
        fake.syncs.push(scans);
        return fake.syncAnswer(scans);
      },
    },
  };
  return fake;
}

let nonces = 0;
function engine(
  fake: Fake,
  options: { store?: ScannerStore; online?: () => boolean; initial?: ScannerOpenView | null; shown?: ShownScan[] } = {},
) {
  return new ScannerEngine({
    api: fake.api,
    store: options.store ?? createMemoryStore(),
    verify: createEd25519Verifier(),
    scope: SCOPE,
    deviceId: DEVICE,
    initial: options.initial === undefined ? opened : options.initial,
    browserOnline: options.online,
    newNonce: () => `nonce-${(nonces += 1)}`,
    retry: { delaysMs: [1, 1], sleep: async () => undefined },
    now: () => new Date('2031-07-01T20:30:00.000Z'),
    onShown: (shown) => options.shown?.push(shown),
  });
}

describe('ScannerEngine online', () => {
  it('opens, fetches the kit, and shows a scan as ticketing answers it, with its counts', async () => {
    const fake = fakeApi();
    const shown: ShownScan[] = [];
    const scanner = engine(fake, { shown });
    await scanner.start();
    expect(scanner.getSnapshot()).toMatchObject({
      phase: 'ready',
      online: true,
      kitTickets: 2,
      counts: { checkedIn: 0, sold: 2 },
    });

    fake.scanAnswers.push(ok(valid(11)));
    const result = await scanner.submit(' K7QF-2MXA ');
    expect(fake.scans).toEqual([{ code: 'K7QF-2MXA', nonce: result!.id, deviceId: DEVICE }]);
    expect(scanner.getSnapshot()).toMatchObject({
      shown: { result: 'valid', offline: false },
      counts: { checkedIn: 11, sold: 100 },
      busy: false,
    });
    expect(shown.map((entry) => entry.result)).toEqual(['valid']);
  });

  it('ignores scans while a result is on screen, and takes the next after it is dismissed', async () => {
    const fake = fakeApi();
    const scanner = engine(fake);
    await scanner.start();
    fake.scanAnswers.push(ok(valid(11)), ok({ ...valid(11), result: 'already_used', checkedInByDevice: 'Main' }));
    await scanner.submit('K7QF-2MXA');
    expect(await scanner.submit('P3RT-8WZB')).toBeNull();
    scanner.dismiss();
    expect((await scanner.submit('K7QF-2MXA'))?.result).toBe('already_used');
    expect(fake.scans).toHaveLength(2);
  });

  it('retries a scan that got no answer with the very same nonce, a bounded number of times', async () => {
    const fake = fakeApi();
    const scanner = engine(fake);
    await scanner.start();
    fake.scanAnswers.push(failed(0), failed(503), ok(valid(11)));
    const result = await scanner.submit('K7QF-2MXA');
    expect(result?.result).toBe('valid');
    expect(fake.scans).toHaveLength(3);
    expect(new Set(fake.scans.map((scan) => scan.nonce)).size).toBe(1);
  });

  it('shows a 400 (a code the BFF refused) as invalid, and a 429 as a wait without a result', async () => {
    const fake = fakeApi();
    const scanner = engine(fake);
    await scanner.start();
    fake.scanAnswers.push(failed(400));
    expect((await scanner.submit('x'.repeat(20)))?.result).toBe('invalid');
    scanner.dismiss();
    fake.scanAnswers.push(failed(429, 7));
    expect(await scanner.submit('K7QF-2MXA')).toBeNull();
    expect(scanner.getSnapshot().rateLimitedSeconds).toBe(7);
  });

  it('stops for good when the link is revoked, and forgets what it kept for it', async () => {
    const fake = fakeApi();
    const store = createMemoryStore();
    const scanner = engine(fake, { store });
    await scanner.start();
    expect(await store.loadKit(SCOPE)).toBeDefined();
    fake.scanAnswers.push(failed(404));
    expect(await scanner.submit('K7QF-2MXA')).toBeNull();
    expect(scanner.getSnapshot().phase).toBe('revoked');
    expect(await store.loadKit(SCOPE)).toBeUndefined();
    expect(await scanner.submit('K7QF-2MXA')).toBeNull();
  });

  it('opens as revoked when the link is refused at the start', async () => {
    const fake = fakeApi();
    fake.openAnswer = failed(404);
    const scanner = engine(fake, { initial: null });
    await scanner.start();
    expect(scanner.getSnapshot().phase).toBe('revoked');
  });
});

describe('ScannerEngine offline', () => {
  it('falls back to the kit when every retry fails, admits once, queues the admission under the scan nonce', async () => {
    const fake = fakeApi();
    const store = createMemoryStore();
    const scanner = engine(fake, { store });
    await scanner.start();
    const code = makeCode(key, ticket(1), [EVENT]);

    const first = await scanner.submit(code);
    expect(fake.scans).toHaveLength(3);
    expect(first).toMatchObject({
      result: 'valid',
      offline: true,
      checkedInAt: '2031-07-01T20:30:00.000Z',
      ticket: { reference: 'K7QF-2MXA' },
    });
    expect(await store.loadQueue(SCOPE)).toEqual([
      {
        nonce: first!.id,
        code,
        scannedAt: '2031-07-01T20:30:00.000Z',
        ticketId: ticket(1),
        reference: 'K7QF-2MXA',
        device: 'Side door',
      },
    ]);
    expect(scanner.getSnapshot()).toMatchObject({ online: false, queueLength: 1, counts: { checkedIn: 1 } });

    scanner.dismiss();
    fake.openAnswer = failed(0); // the background probe fails too
    // Known offline: straight to the kit (no guest waits on a dead line), which knows this device admitted it.
    const second = await scanner.submit(code);
    expect(fake.scans).toHaveLength(3);
    expect(second).toMatchObject({ result: 'already_used', offline: true, checkedInByDevice: 'Side door' });
    expect(scanner.getSnapshot().queueLength).toBe(1);
  });

  it('goes online again once a background probe gets through, and scans online from then on', async () => {
    const fake = fakeApi();
    const scanner = engine(fake);
    await scanner.start();
    await scanner.submit('K7QF-2MXA'); // every try fails: offline
    scanner.dismiss();
    expect(scanner.getSnapshot().online).toBe(false);
    await scanner.refreshCounts();
    expect(scanner.getSnapshot().online).toBe(true);
    fake.scanAnswers.push(ok({ ...valid(12), result: 'already_used', checkedInByDevice: 'Side door' }));
    expect(await scanner.submit('K7QF-2MXA')).toMatchObject({ result: 'already_used', offline: false });
  });

  it('does not call the BFF at all while the browser says it is offline, and checks typed references against the kit', async () => {
    const fake = fakeApi();
    let online = true;
    const scanner = engine(fake, { online: () => online });
    await scanner.start();
    online = false;
    expect(await scanner.submit('p3rt8wzb')).toMatchObject({ result: 'valid', offline: true });
    scanner.dismiss();
    expect(await scanner.submit('ZZZZ-ZZZZ')).toMatchObject({ result: 'invalid', offline: true });
    expect(fake.scans).toHaveLength(0);
  });

  it('does not admit offline a ticket it admitted online a moment before the network dropped', async () => {
    const fake = fakeApi();
    let online = true;
    const scanner = engine(fake, { online: () => online });
    await scanner.start();
    fake.scanAnswers.push(ok(valid(11)));
    expect(await scanner.submit('K7QF-2MXA')).toMatchObject({ result: 'valid', offline: false });
    scanner.dismiss();
    online = false;
    expect(await scanner.submit(makeCode(key, ticket(1), [EVENT]))).toMatchObject({
      result: 'already_used',
      offline: true,
      checkedInAt: '2031-07-01T20:00:00.000Z',
      checkedInByDevice: 'Side door',
    });
    expect(scanner.getSnapshot().queueLength).toBe(0);
  });

  it.each(['counts', 'kit'] as const)(
    'keeps an upload in its counts when a %s answer asked for before the upload arrives after it',
    async (asked) => {
      const fake = fakeApi();
      let online = false;
      const scanner = engine(fake, { online: () => online });
      await scanner.start();
      await scanner.submit(makeCode(key, ticket(1), [EVENT]));
      scanner.dismiss();
      expect(scanner.getSnapshot()).toMatchObject({ queueLength: 1, counts: { checkedIn: 1 } });

      // Asked before the upload, answered after it: ticketing counted 10 then, before this door's admission. Every later
      // answer counts the upload (11).
      let answer!: () => void;
      const late = new Promise<void>((resolve) => (answer = resolve));
      let calls = 0;
      fake.openAnswer = ok({ ...opened, counts: { checkedIn: 11, sold: 100 } });
      fake.kitAnswer = ok({ ...kit, counts: { checkedIn: 11, sold: 100 } });
      const { open, offlineKit } = fake.api;
      if (asked === 'counts')
        fake.api.open = async (deviceId) => (calls++ === 0 ? (await late, ok(opened)) : open(deviceId));
      else
        fake.api.offlineKit = async (deviceId, pageToken) =>
          calls++ === 0
            ? (await late, ok({ ...kit, counts: { checkedIn: 10, sold: 100 } }))
            : offlineKit(deviceId, pageToken);
      const reading = asked === 'counts' ? scanner.refreshCounts() : scanner.refreshKit();
      online = true;
      scanner.setOnline(true);
      await scanner.sync();
      expect(scanner.getSnapshot()).toMatchObject({ queueLength: 0, counts: { checkedIn: 11, sold: 100 } });

      answer();
      await reading;
      expect(scanner.getSnapshot().counts).toEqual({ checkedIn: 11, sold: 100 });
    },
  );

  it('says it cannot check when it is offline without a kit', async () => {
    const fake = fakeApi();
    fake.kitAnswer = failed(0);
    const scanner = engine(fake);
    await scanner.start();
    expect(await scanner.submit('K7QF-2MXA')).toMatchObject({ result: 'unverifiable', offline: true });
    expect(scanner.getSnapshot().queueLength).toBe(0);
  });

  it('uploads the queue when the connection is back, shows the conflicts, and forgets what was answered', async () => {
    const fake = fakeApi();
    const store = createMemoryStore();
    let online = false;
    const scanner = engine(fake, { store, online: () => online });
    await scanner.start();
    await scanner.submit(makeCode(key, ticket(1), [EVENT]));
    scanner.dismiss();
    await scanner.submit('P3RT-8WZB');
    scanner.dismiss();
    expect(scanner.getSnapshot().queueLength).toBe(2);

    fake.syncAnswer = (scans) =>
      ok({
        outcomes: [
          {
            nonce: scans[0]!.nonce,
            outcome: 'admitted',
            reference: 'K7QF-2MXA',
            checkedInAt: '',
            checkedInByDevice: '',
          },
          {
            nonce: scans[1]!.nonce,
            outcome: 'conflict',
            reference: 'P3RT-8WZB',
            checkedInAt: '2031-07-01T20:10:00.000Z',
            checkedInByDevice: 'Main entrance',
          },
        ],
        counts: { checkedIn: 12, sold: 100 },
      });
    // After an upload the kit is fetched again; it now shows the two admissions in its counts.
    fake.kitAnswer = ok({ ...kit, counts: { checkedIn: 12, sold: 100 } });
    online = true;
    scanner.setOnline(true);
    await scanner.sync();

    expect(fake.syncs).toHaveLength(1);
    expect(fake.syncs[0]!.map((scan) => Object.keys(scan).sort())).toEqual([
      ['code', 'nonce', 'scannedAt'],
      ['code', 'nonce', 'scannedAt'],
    ]);
    expect(await store.loadQueue(SCOPE)).toEqual([]);
    expect(scanner.getSnapshot()).toMatchObject({
      queueLength: 0,
      online: true,
      syncing: false,
      counts: { checkedIn: 12, sold: 100 },
      notices: [
        {
          outcome: 'conflict',
          reference: 'P3RT-8WZB',
          checkedInAt: '2031-07-01T20:10:00.000Z',
          checkedInByDevice: 'Main entrance',
        },
      ],
    });

    scanner.dismissNotice(scanner.getSnapshot().notices[0]!.nonce);
    expect(scanner.getSnapshot().notices).toEqual([]);
  });

  it('keeps the queue when the upload fails, and picks it up again after a reload', async () => {
    const fake = fakeApi();
    const store = createMemoryStore();
    const first = engine(fake, { store, online: () => false });
    await first.start();
    await first.submit('K7QF-2MXA');
    fake.syncAnswer = () => failed(0);
    await first.sync();
    expect(first.getSnapshot()).toMatchObject({ queueLength: 1, online: false });

    fake.syncAnswer = (scans) =>
      ok({
        outcomes: scans.map((scan) => ({
          nonce: scan.nonce,
          outcome: 'admitted',
          reference: '',
          checkedInAt: '',
          checkedInByDevice: '',
        })),
        counts: null,
      });
    fake.syncs = [];
    const reloaded = engine(fake, { store });
    await reloaded.start();
    expect(fake.syncs).toHaveLength(1);
    expect(reloaded.getSnapshot().queueLength).toBe(0);
    expect(await store.loadQueue(SCOPE)).toEqual([]);
  });

  it('opens from what it kept when the network is gone at the start', async () => {
    const fake = fakeApi();
    const store = createMemoryStore();
    await engine(fake, { store }).start();
    fake.openAnswer = failed(0);
    fake.kitAnswer = failed(0);
    const offline = engine(fake, { store, initial: null });
    await offline.start();
    expect(offline.getSnapshot()).toMatchObject({
      phase: 'ready',
      online: false,
      opened: { deviceName: 'Side door' },
      kitTickets: 2,
    });

    const fresh = engine(fake, { store: createMemoryStore(), initial: null });
    await fresh.start();
    expect(fresh.getSnapshot().phase).toBe('unavailable');

    // The counts timer keeps trying; once the network is back it opens.
    fake.openAnswer = ok(opened);
    fake.kitAnswer = ok(kit);
    await fresh.refreshCounts();
    expect(fresh.getSnapshot()).toMatchObject({ phase: 'ready', online: true, kitTickets: 2 });
  });
});
