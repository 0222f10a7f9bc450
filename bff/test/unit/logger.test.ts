// The BFF's log lines are the services' JSON lines, and a line written during a request carries that request's trace:
// read back through the logger's own destination, with telemetry started as instrumentation.ts starts it.
import { captureLogs } from '@kassa/platform/testing';
import { startTelemetry, type Telemetry, withSpan } from '@kassa/platform/telemetry';
import { createBffLogger, logger } from '../../server/logger';

describe('the BFF logger', () => {
  let telemetry: Telemetry;
  beforeAll(() => {
    telemetry = startTelemetry({ serviceName: 'bff', httpServerSpans: false, env: {} });
  });
  afterAll(() => telemetry.shutdown());

  it("puts the active span's trace_id and span_id on a line, and none on a line outside every span", async () => {
    const logs = captureLogs();
    const log = createBffLogger({ env: {}, destination: logs.stream });
    let inside = { traceId: '', spanId: '' };
    await withSpan('GET /api/_auth/session', {}, async (span) => {
      inside = span.spanContext();
      // After an await too: a request's handler logs from wherever its promises resume.
      await new Promise((resolve) => setImmediate(resolve));
      log.error({ err: new Error('identity is unreachable'), path: '/api/_auth/session' }, 'request failed');
    });
    log.info('outside');

    expect(inside.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(logs.lines[0]).toMatchObject({
      service: 'bff',
      level: 'error',
      msg: 'request failed',
      path: '/api/_auth/session',
      trace_id: inside.traceId,
      span_id: inside.spanId,
      err: { message: 'identity is unreachable' },
    });
    expect(logs.lines[1]).toMatchObject({ service: 'bff', level: 'info', msg: 'outside' });
    expect(logs.lines[1]).not.toHaveProperty('trace_id');
    expect(logs.lines[1]).not.toHaveProperty('span_id');
  });

  it('logs at LOG_LEVEL, at info when unset, and at info with a warning when LOG_LEVEL is no level', () => {
    const quiet = captureLogs();
    const warnOnly = createBffLogger({ env: { LOG_LEVEL: 'warn' }, destination: quiet.stream });
    warnOnly.info('not written');
    warnOnly.warn('written');
    expect(quiet.lines.map((line) => line.msg)).toEqual(['written']);

    expect(createBffLogger({ env: {}, destination: captureLogs().stream }).level).toBe('info');

    const typo = captureLogs();
    expect(createBffLogger({ env: { LOG_LEVEL: 'verbose' }, destination: typo.stream }).level).toBe('info');
    expect(typo.lines).toEqual([expect.objectContaining({ level: 'warn', logLevel: 'verbose', service: 'bff' })]);
  });

  it('redacts secrets as the services do', () => {
    const logs = captureLogs();
    createBffLogger({ env: {}, destination: logs.stream }).warn(
      { sessionToken: 't', user: { email: 'jane@example.com' } },
      'sign-in',
    );
    expect(logs.lines[0]).toMatchObject({ sessionToken: '[redacted]', user: { email: '[redacted]' } });
  });

  it('is one logger per process, whichever bundle loads the module', async () => {
    jest.resetModules();
    const again = await import('../../server/logger');
    expect(again.logger).toBe(logger);
  });
});
