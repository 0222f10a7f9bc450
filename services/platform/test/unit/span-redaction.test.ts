import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { RedactingSpanProcessor } from '../../src/telemetry/redaction';

const redact = (value: string) => value.replace(/([?&]key=)[^&#\s]*/g, '$1[redacted]');

describe('span redaction', () => {
  it('rewrites every string attribute and the name before the exporters see the span; other values pass as they are', async () => {
    const exported = new InMemorySpanExporter();
    const plain = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({
      spanProcessors: [new RedactingSpanProcessor(redact, [new SimpleSpanProcessor(exported)])],
    });
    const control = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(plain)] });
    for (const [tracerProvider] of [[provider], [control]] as const) {
      const span = tracerProvider.getTracer('test').startSpan('GET /order/ord_1?key=secret-key');
      span.setAttributes({
        'http.target': '/order/ord_1?key=secret-key&payment=failed',
        'url.path': '/order/ord_1',
        'http.status_code': 200,
        flag: true,
      });
      span.end();
    }
    const [redacted] = exported.getFinishedSpans();
    expect(redacted!.name).toBe('GET /order/ord_1?key=[redacted]');
    expect(redacted!.attributes).toEqual({
      'http.target': '/order/ord_1?key=[redacted]&payment=failed',
      'url.path': '/order/ord_1',
      'http.status_code': 200,
      flag: true,
    });
    // The control: the same span through a provider without the redaction keeps the secret.
    expect(JSON.stringify(plain.getFinishedSpans()[0]!.attributes)).toContain('secret-key');
    await provider.shutdown();
    await control.shutdown();
  });
});
