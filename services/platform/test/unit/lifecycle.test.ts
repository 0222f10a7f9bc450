import { createLifecycle } from '../../src/lifecycle';
import { createLogger } from '../../src/logging';
import { captureLogs } from '../../src/testing/log-capture';

function setup(options: { ceilingMs?: number } = {}) {
  const logs = captureLogs();
  const logger = createLogger({ service: 'lifecycle-test', destination: logs.stream, level: 'debug' });
  const exits: number[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const lifecycle = createLifecycle(logger, {
    ...options,
    handleSignals: false,
    exit: (code) => exits.push(code),
    setTimer: (fn, ms) => {
      timers.push({ fn, ms });
      return {};
    },
  });
  return { lifecycle, exits, timers, logs };
}

describe('createLifecycle', () => {
  it('runs phases in the fixed order whatever the registration order, then exits 0', async () => {
    const { lifecycle, exits } = setup();
    const order: string[] = [];
    const step = (name: string) => async () => {
      order.push(name);
    };
    lifecycle.onShutdown('telemetry', 'otel', step('telemetry'));
    lifecycle.onShutdown('connections', 'nats', step('connections:nats'));
    lifecycle.onShutdown('relays', 'outbox', step('relays'));
    lifecycle.onShutdown('ingress', 'grpc', step('ingress:grpc'));
    lifecycle.onShutdown('consumers', 'orders', step('consumers'));
    lifecycle.onShutdown('connections', 'orm', step('connections:orm'));
    lifecycle.onShutdown('ingress', 'http', step('ingress:http'));
    await lifecycle.shutdown('SIGTERM');
    expect(order).toEqual([
      'ingress:grpc',
      'ingress:http',
      'consumers',
      'relays',
      'connections:nats',
      'connections:orm',
      'telemetry',
    ]);
    expect(exits).toEqual([0]);
  });

  it('waits for a slow step before starting the next phase', async () => {
    const { lifecycle } = setup();
    const order: string[] = [];
    lifecycle.onShutdown('connections', 'db', () => {
      order.push('connections');
    });
    lifecycle.onShutdown('consumers', 'slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      order.push('consumers');
    });
    await lifecycle.shutdown('test');
    expect(order).toEqual(['consumers', 'connections']);
  });

  it('keeps going after a failing step, logs it, and exits 1', async () => {
    const { lifecycle, exits, logs } = setup();
    const ran: string[] = [];
    lifecycle.onShutdown('ingress', 'grpc', async () => {
      throw new Error('already closed');
    });
    lifecycle.onShutdown('relays', 'outbox', () => {
      ran.push('relays');
    });
    lifecycle.onShutdown('telemetry', 'otel', () => {
      ran.push('telemetry');
    });
    await lifecycle.shutdown('SIGINT');
    expect(ran).toEqual(['relays', 'telemetry']);
    expect(exits).toEqual([1]);
    expect(logs.lines.find((l) => l.msg === 'shutdown step failed')).toMatchObject({ phase: 'ingress', step: 'grpc' });
  });

  it('exits 1 after a clean shutdown that was for a failure (start-up failed), so a supervisor sees it', async () => {
    const { lifecycle, exits } = setup();
    lifecycle.onShutdown('connections', 'orm', async () => undefined);
    await lifecycle.shutdown('start-up failure', { failure: true });
    expect(exits).toEqual([1]);
  });

  it('runs once however often it is asked', async () => {
    const { lifecycle, exits } = setup();
    let runs = 0;
    lifecycle.onShutdown('ingress', 'count', () => {
      runs++;
    });
    await Promise.all([lifecycle.shutdown('a'), lifecycle.shutdown('b')]);
    expect(runs).toBe(1);
    expect(exits).toEqual([0]);
  });

  it('forces exit 1 when the ceiling passes, and does not exit again afterwards', async () => {
    const { lifecycle, exits, timers } = setup({ ceilingMs: 20_000 });
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const stepStarted = new Promise<void>((resolve) => (started = resolve));
    lifecycle.onShutdown('consumers', 'stuck', () => {
      started();
      return new Promise<void>((resolve) => (release = resolve));
    });
    const done = lifecycle.shutdown('SIGTERM');
    await stepStarted;
    expect(timers).toHaveLength(1);
    expect(timers[0]!.ms).toBe(20_000);
    timers[0]!.fn(); // the ceiling passes while the step hangs
    expect(exits).toEqual([1]);
    release();
    await done;
    expect(exits).toEqual([1]);
  });

  it('uses a 20 s ceiling by default and refuses unknown phases', () => {
    const { lifecycle, timers } = setup();
    void lifecycle.shutdown('x');
    expect(timers[0]!.ms).toBe(20_000);
    expect(() => lifecycle.onShutdown('later' as never, 'x', () => undefined)).toThrow(/Unknown shutdown phase/);
  });

  it('starts on SIGTERM and forces exit on a second signal', async () => {
    const logs = captureLogs();
    const exits: number[] = [];
    const lifecycle = createLifecycle(createLogger({ service: 'lifecycle-test', destination: logs.stream }), {
      handleSignals: false,
      exit: (code) => exits.push(code),
      setTimer: () => ({}),
    });
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const stepStarted = new Promise<void>((resolve) => (started = resolve));
    lifecycle.onShutdown('ingress', 'grpc', () => {
      started();
      return new Promise<void>((resolve) => (release = resolve));
    });
    const stop = lifecycle.listen();
    try {
      process.emit('SIGTERM');
      await stepStarted;
      expect(exits).toEqual([]);
      process.emit('SIGINT');
      expect(exits).toEqual([1]);
      release();
      await lifecycle.shutdown('again');
      expect(exits).toEqual([1]);
    } finally {
      stop();
    }
  });
});
