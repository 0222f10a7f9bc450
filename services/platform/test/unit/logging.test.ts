import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createLogger, maskEmail } from '../../src/logging';
import { startTelemetry, withSpan } from '../../src/telemetry';
import { captureLogs } from '../../src/testing/log-capture';

describe('createLogger', () => {
  it('writes JSON lines with service, level name and message', () => {
    const logs = captureLogs();
    const logger = createLogger({ service: 'identity', destination: logs.stream, level: 'debug' });
    logger.debug({ orderId: 'ord_1' }, 'hello');
    expect(logs.lines[0]).toMatchObject({ service: 'identity', level: 'debug', orderId: 'ord_1', msg: 'hello' });
    expect(typeof logs.lines[0]!.time).toBe('string');
    expect(logs.lines[0]).not.toHaveProperty('trace_id');
  });

  it('respects the level', () => {
    const logs = captureLogs();
    const logger = createLogger({ service: 'identity', destination: logs.stream, level: 'warn' });
    logger.info('quiet');
    logger.warn('loud');
    expect(logs.lines.map((l) => l.msg)).toEqual(['loud']);
  });

  it('redacts secrets and personal data at the top level and up to two levels down, and in request headers', () => {
    const logs = captureLogs();
    const logger = createLogger({ service: 'identity', destination: logs.stream });
    logger.info(
      {
        email: 'jane@example.com',
        password: 'p',
        code: '123456',
        user: { id: 'usr_1', email: 'jane@example.com', sessionToken: 't' },
        challenge: { inner: { sealedCode: 's', secret: 'x', token: 'y', keep: 'visible' } },
        req: { headers: { authorization: 'Bearer abc', cookie: 'sid=1', 'user-agent': 'jest' } },
      },
      'sign-in',
    );
    const line = logs.lines[0]!;
    expect(line).toMatchObject({
      email: '[redacted]',
      password: '[redacted]',
      code: '[redacted]',
      user: { id: 'usr_1', email: '[redacted]', sessionToken: '[redacted]' },
      challenge: { inner: { sealedCode: '[redacted]', secret: '[redacted]', token: '[redacted]', keep: 'visible' } },
      req: { headers: { authorization: '[redacted]', cookie: '[redacted]', 'user-agent': 'jest' } },
    });
    expect(JSON.stringify(line)).not.toContain('jane@example.com');
    expect(JSON.stringify(line)).not.toContain('Bearer abc');
  });

  it("keeps a status code (a number, or an error's own code) and redacts a code that is a secret", () => {
    const logs = captureLogs();
    const logger = createLogger({ service: 'identity', destination: logs.stream });
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const unavailable = Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14 });
    logger.warn({ err: refused, call: { code: 14 } }, 'database down');
    logger.warn({ err: unavailable }, 'grpc down');
    logger.info({ code: '123456', request: { code: 'KT1.secret' } }, 'sign-in');
    expect(logs.lines[0]).toMatchObject({ err: { code: 'ECONNREFUSED' }, call: { code: 14 } });
    expect(logs.lines[1]).toMatchObject({ err: { code: 14 } });
    expect(logs.lines[2]).toMatchObject({ code: '[redacted]', request: { code: '[redacted]' } });
  });

  it("redacts an error's own fields, under err or any other key, and keeps its type, message and stack", () => {
    const logs = captureLogs();
    const logger = createLogger({ service: 'identity', destination: logs.stream });
    const failure = Object.assign(new TypeError('no such user'), { email: 'jane@example.com', userId: 'usr_1' });
    logger.error({ err: failure, context: { cause: failure } }, 'lookup failed');
    logger.error(failure);
    for (const line of logs.lines) expect(JSON.stringify(line)).not.toContain('jane@example.com');
    expect(logs.lines[0]).toMatchObject({
      err: { type: 'TypeError', message: 'no such user', email: '[redacted]', userId: 'usr_1' },
      context: { cause: { type: 'TypeError', email: '[redacted]' } },
      msg: 'lookup failed',
    });
    expect(String((logs.lines[0]!.err as { stack: string }).stack)).toContain('TypeError: no such user');
    expect(logs.lines[1]).toMatchObject({ err: { type: 'TypeError', email: '[redacted]' }, msg: 'no such user' });
  });

  it("redacts a child logger's bindings and array items, and never changes the caller's objects", () => {
    const logs = captureLogs();
    const logger = createLogger({ service: 'identity', destination: logs.stream });
    const fields = { order: { id: 'ord_1', guest: { email: 'jane@example.com' } }, items: [{ token: 't1' }] };
    const before = structuredClone(fields);
    logger.child({ email: 'jane@example.com', requestId: 'req_1' }).child({ sessionToken: 's' }).info(fields, 'placed');
    expect(fields).toEqual(before);
    expect(logs.lines[0]).toMatchObject({
      email: '[redacted]',
      requestId: 'req_1',
      sessionToken: '[redacted]',
      order: { id: 'ord_1', guest: { email: '[redacted]' } },
      items: [{ token: '[redacted]' }],
    });
    expect(JSON.stringify(logs.lines[0])).not.toContain('jane@example.com');
  });

  it('adds trace_id and span_id of the active span', async () => {
    const exporter = new InMemorySpanExporter();
    const telemetry = startTelemetry({
      serviceName: 'logging-test',
      spanProcessors: [new SimpleSpanProcessor(exporter)],
      env: {},
    });
    try {
      const logs = captureLogs();
      const logger = createLogger({ service: 'identity', destination: logs.stream });
      let ids = { traceId: '', spanId: '' };
      await withSpan('work', {}, async (span) => {
        ids = span.spanContext();
        logger.info('inside');
      });
      logger.info('outside');
      expect(logs.lines[0]).toMatchObject({ msg: 'inside', trace_id: ids.traceId, span_id: ids.spanId });
      expect(ids.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(logs.lines[1]).not.toHaveProperty('trace_id');
    } finally {
      await telemetry.shutdown();
    }
  });
});

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('jane@example.com')).toBe('j***@example.com');
    expect(maskEmail('x@kassa.test')).toBe('x***@kassa.test');
  });

  it('hides everything when the value is not an address', () => {
    expect(maskEmail('not-an-address')).toBe('***');
    expect(maskEmail('@example.com')).toBe('***');
  });
});
