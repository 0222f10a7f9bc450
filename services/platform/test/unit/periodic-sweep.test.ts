import { startPeriodicSweep } from '../../src/jobs';
import { createLogger } from '../../src/logging';
import { captureLogs } from '../../src/testing/log-capture';

describe('startPeriodicSweep', () => {
  const logs = captureLogs();
  const logger = createLogger({ service: 'sweep-test', destination: logs.stream });

  afterEach(() => jest.useRealTimers());

  it('shares a sweep in progress instead of starting a second, and runs again once it is done', async () => {
    let release!: (value: number) => void;
    const sweep = jest.fn(() => new Promise<number>((resolve) => (release = resolve)));
    const sweeper = startPeriodicSweep(sweep, { logger, intervalMs: 60_000 });
    const first = sweeper.runOnce();
    const second = sweeper.runOnce();
    expect(sweep).toHaveBeenCalledTimes(1);
    release(3);
    await expect(Promise.all([first, second])).resolves.toEqual([3, 3]);
    const third = sweeper.runOnce();
    expect(sweep).toHaveBeenCalledTimes(2);
    release(4);
    await expect(third).resolves.toBe(4);
    await sweeper.stop();
  });

  it('sweeps every interval, logs a failed sweep, and stops after waiting for the one in progress', async () => {
    jest.useFakeTimers();
    let calls = 0;
    const sweep = jest.fn(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database down');
      return calls;
    });
    const sweeper = startPeriodicSweep(sweep, { logger, intervalMs: 1_000, failureMessage: 'test sweep failed' });
    await jest.advanceTimersByTimeAsync(1_000);
    expect(sweep).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(sweep).toHaveBeenCalledTimes(2);
    await sweeper.stop();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(sweep).toHaveBeenCalledTimes(2);
    expect(logs.lines.some((line) => line.msg === 'test sweep failed' && line.level === 'error')).toBe(true);
  });
});
