import { context, trace, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import {
  extractTraceContext,
  injectTraceHeaders,
  renderPrometheusMetrics,
  startTelemetry,
  withSpan,
  type Telemetry,
} from '../../src/telemetry';

describe('telemetry', () => {
  const exporter = new InMemorySpanExporter();
  let telemetry: Telemetry;

  beforeAll(() => {
    telemetry = startTelemetry({
      serviceName: 'platform-test',
      spanProcessors: [new SimpleSpanProcessor(exporter)],
      env: {},
    });
  });
  afterAll(async () => {
    await telemetry.shutdown();
  });
  beforeEach(() => exporter.reset());

  it('records withSpan spans with attributes, kind and nesting', async () => {
    const result = await withSpan('outer', { 'kassa.order_id': 'ord_1' }, () =>
      withSpan('inner', {}, async () => 42, SpanKind.CLIENT),
    );
    expect(result).toBe(42);
    const spans = exporter.getFinishedSpans();
    const outer = spans.find((s) => s.name === 'outer')!;
    const inner = spans.find((s) => s.name === 'inner')!;
    expect(outer.attributes['kassa.order_id']).toBe('ord_1');
    expect(inner.kind).toBe(SpanKind.CLIENT);
    expect(inner.spanContext().traceId).toBe(outer.spanContext().traceId);
    expect(inner.parentSpanContext?.spanId).toBe(outer.spanContext().spanId);
    expect(outer.resource.attributes['service.name']).toBe('platform-test');
  });

  it('marks a span as failed and rethrows when fn throws', async () => {
    await expect(withSpan('failing', {}, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const [span] = exporter.getFinishedSpans();
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
    expect(span!.events.map((e) => e.name)).toContain('exception');
  });

  it('keeps the trace id across inject and extract', async () => {
    const carrier: Record<string, string> = {};
    let traceId = '';
    await withSpan('producer', {}, (span) => {
      traceId = span.spanContext().traceId;
      injectTraceHeaders(carrier);
    });
    expect(carrier.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));

    const parent = extractTraceContext({ TraceParent: carrier.traceparent });
    await context.with(parent, () => withSpan('consumer', {}, async () => undefined, SpanKind.CONSUMER));
    const consumer = exporter.getFinishedSpans().find((s) => s.name === 'consumer')!;
    expect(consumer.spanContext().traceId).toBe(traceId);
    expect(trace.getSpanContext(parent)?.traceId).toBe(traceId);
  });

  it('renders metrics of the meter provider as Prometheus text', async () => {
    const { metrics } = await import('@opentelemetry/api');
    metrics.getMeter('test').createCounter('kassa_test_things').add(3, { kind: 'a' });
    const text = await renderPrometheusMetrics();
    expect(text).toContain('# TYPE kassa_test_things');
    expect(text).toMatch(/kassa_test_things(_total)?\{kind="a"[^}]*\} 3/);
  });
});

describe('OTLP exporter selection', () => {
  // Imported lazily: only the choice is under test, nothing is exported.
  const select = async (env: Record<string, string>) =>
    (await import('../../src/telemetry/exporter')).otlpSpanProcessor(env);
  const exporterOf = (processor: unknown) => (processor as { _exporter: { constructor: { name: string } } })._exporter;

  it('exports nothing without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    expect(await select({})).toBeUndefined();
  });

  it('uses http/protobuf by default and http/json on request, posting to <endpoint>/v1/traces', async () => {
    const { tracesUrl } = await import('../../src/telemetry/exporter');
    const { OTLPTraceExporter: Proto } = await import('@opentelemetry/exporter-trace-otlp-proto');
    const { OTLPTraceExporter: Json } = await import('@opentelemetry/exporter-trace-otlp-http');
    const protobuf = await select({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' });
    expect(exporterOf(protobuf)).toBeInstanceOf(Proto);
    const json = await select({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    });
    expect(exporterOf(json)).toBeInstanceOf(Json);
    expect(tracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318/' })).toBe('http://c:4318/v1/traces');
    expect(tracesUrl({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/custom' })).toBe('http://c:4318/custom');
    await Promise.all([protobuf!.shutdown(), json!.shutdown()]);
  });

  it('refuses a protocol it does not support', async () => {
    await expect(
      select({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }),
    ).rejects.toThrow(/not supported/);
  });
});
