import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertHeavyLockHeld } from '../../src/heavy-lock';
import { holdFileLock } from '../../src/file-lock';

const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('the heavy lock', () => {
  it('lets one holder in at a time: a second waits until the first lets go (another file does not wait)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kassa-lock-'));
    const first = await holdFileLock(join(dir, 'heavy.lock'), () => undefined);
    const second = holdFileLock(join(dir, 'heavy.lock'), () => undefined);
    expect(await settledWithin(second, 500)).toBe(false);
    // The control: the same call on another file is not held up, so the wait above is the lock's.
    const other = await holdFileLock(join(dir, 'other.lock'), () => undefined);
    await first.release();
    expect(await settledWithin(second, 5_000)).toBe(true);
    await (await second).release();
    await other.release();
  });

  it('refuses to restart machine-wide servers outside it', () => {
    const before = process.env.KASSA_HEAVY_LOCK;
    try {
      delete process.env.KASSA_HEAVY_LOCK;
      expect(() => assertHeavyLockHeld('restarting nats')).toThrow('restarting nats needs the heavy lock');
      process.env.KASSA_HEAVY_LOCK = 'held';
      expect(() => assertHeavyLockHeld('restarting nats')).not.toThrow();
    } finally {
      if (before === undefined) delete process.env.KASSA_HEAVY_LOCK;
      else process.env.KASSA_HEAVY_LOCK = before;
    }
  });
});
