// The offline queue: oldest first in batches of at most 1,000, the server's answers matched by nonce (a conflict is
// kept for the door to see, never dropped), and what this device has admitted.
import {
  applySyncOutcomes,
  localCheckIns,
  nextBatch,
  type QueuedScan,
  toUpload,
  withCheckIns,
} from '../../src/features/scanner/offline-queue';
import { createMemoryStore } from '../../src/features/scanner/offline-store';
import { makeKit, makeKey, offlineTicket } from '../support/ticket-codes';

const scan = (n: number, overrides: Partial<QueuedScan> = {}): QueuedScan => ({
  nonce: `nonce-${n}`,
  code: `CODE${n}`,
  scannedAt: new Date(Date.UTC(2031, 6, 1, 20, 0, n)).toISOString(),
  ticketId: `tkt_${n}`,
  reference: `REF${n}`,
  device: 'Side door',
  ...overrides,
});

describe('nextBatch', () => {
  it('takes the oldest scans first and at most 1,000', () => {
    const queue = Array.from({ length: 1200 }, (_, index) => scan(1199 - index));
    const batch = nextBatch(queue);
    expect(batch).toHaveLength(1000);
    expect(batch[0]!.nonce).toBe('nonce-0');
    expect(batch[999]!.nonce).toBe('nonce-999');
  });

  it('uploads only nonce, code and scan time', () => {
    expect(toUpload([scan(1)])).toEqual([{ nonce: 'nonce-1', code: 'CODE1', scannedAt: scan(1).scannedAt }]);
  });
});

describe('applySyncOutcomes', () => {
  const batch = [scan(1), scan(2), scan(3), scan(4)];

  it('removes what was answered, keeps conflicts and rejections as notices, and records check-ins', () => {
    const applied = applySyncOutcomes(batch, [
      { nonce: 'nonce-1', outcome: 'admitted', reference: 'REF1', checkedInAt: '', checkedInByDevice: '' },
      {
        nonce: 'nonce-2',
        outcome: 'conflict',
        reference: 'K7QF-2MXA',
        checkedInAt: '2031-07-01T19:00:00.000Z',
        checkedInByDevice: 'Main entrance',
      },
      { nonce: 'nonce-3', outcome: 'canceled', reference: '', checkedInAt: '', checkedInByDevice: '' },
    ]);
    expect(applied.done).toEqual(['nonce-1', 'nonce-2', 'nonce-3']);
    expect(applied.notices).toEqual([
      {
        nonce: 'nonce-2',
        outcome: 'conflict',
        reference: 'K7QF-2MXA',
        scannedAt: scan(2).scannedAt,
        checkedInAt: '2031-07-01T19:00:00.000Z',
        checkedInByDevice: 'Main entrance',
      },
      {
        nonce: 'nonce-3',
        outcome: 'canceled',
        reference: 'REF3',
        scannedAt: scan(3).scannedAt,
        checkedInAt: '',
        checkedInByDevice: '',
      },
    ]);
    expect(applied.checkIns).toEqual([
      { ticketId: 'tkt_1', checkedInAt: scan(1).scannedAt, device: 'Side door' },
      { ticketId: 'tkt_2', checkedInAt: '2031-07-01T19:00:00.000Z', device: 'Main entrance' },
    ]);
  });

  it('ignores answers for nonces it did not send and repeated answers; an unanswered scan stays queued', () => {
    const applied = applySyncOutcomes(batch, [
      { nonce: 'nonce-9', outcome: 'admitted', reference: '', checkedInAt: '', checkedInByDevice: '' },
      { nonce: 'nonce-4', outcome: 'admitted', reference: '', checkedInAt: '', checkedInByDevice: '' },
      { nonce: 'nonce-4', outcome: 'conflict', reference: '', checkedInAt: '', checkedInByDevice: '' },
    ]);
    expect(applied.done).toEqual(['nonce-4']);
    expect(applied.notices).toEqual([]);
  });
});

describe('local check-ins', () => {
  it('knows every ticket admitted offline, the earliest admission first, plus the confirmed ones', () => {
    const map = localCheckIns(
      [scan(2, { ticketId: 'tkt_a' }), scan(1, { ticketId: 'tkt_a' }), scan(3, { ticketId: '' })],
      [{ ticketId: 'tkt_b', checkedInAt: 'x', device: 'Main' }],
    );
    expect([...map.keys()].sort()).toEqual(['tkt_a', 'tkt_b']);
    expect(map.get('tkt_a')?.checkedInAt).toBe(scan(1).scannedAt);
  });

  it('marks confirmed admissions in the kit, without overwriting a check-in the kit already has', () => {
    const kit = makeKit(
      'evt_1',
      [makeKey()],
      [
        offlineTicket({ id: 'tkt_a', reference: 'AAAA-AAAA' }),
        offlineTicket({
          id: 'tkt_b',
          reference: 'BBBB-BBBB',
          checkedInAt: '2031-07-01T18:30:00.000Z',
          checkedInByDevice: 'Main',
        }),
      ],
    );
    const updated = withCheckIns(kit, [
      { ticketId: 'tkt_a', checkedInAt: '2031-07-01T20:00:00.000Z', device: 'Side door' },
      { ticketId: 'tkt_b', checkedInAt: '2031-07-01T20:01:00.000Z', device: 'Side door' },
    ]);
    expect(updated.tickets[0]).toMatchObject({
      status: 'used',
      checkedInAt: '2031-07-01T20:00:00.000Z',
      checkedInByDevice: 'Side door',
    });
    expect(updated.tickets[1]).toMatchObject({ checkedInAt: '2031-07-01T18:30:00.000Z', checkedInByDevice: 'Main' });
  });
});

describe('the memory store (the fallback where IndexedDB is missing)', () => {
  it('keeps kits and queues per scope and forgets a scope entirely', async () => {
    const store = createMemoryStore();
    const kit = makeKit('evt_1', [makeKey()], []);
    await store.saveKit({ scope: 'a', kit, opened: null, savedAt: 'now' });
    await store.enqueue('a', scan(2));
    await store.enqueue('a', scan(1));
    await store.enqueue('b', scan(3));
    expect((await store.loadQueue('a')).map((queued) => queued.nonce)).toEqual(['nonce-1', 'nonce-2']);
    await store.removeFromQueue(['nonce-1']);
    expect((await store.loadQueue('a')).map((queued) => queued.nonce)).toEqual(['nonce-2']);
    await store.clear('a');
    expect(await store.loadKit('a')).toBeUndefined();
    expect(await store.loadQueue('a')).toEqual([]);
    expect(await store.loadQueue('b')).toHaveLength(1);
  });
});
