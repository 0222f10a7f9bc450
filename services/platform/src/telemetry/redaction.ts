import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';

/**
 * Runs before the exporters: every string attribute (and the span's name) of an ended span goes through `redact`,
 * so secrets that travel in addresses (a guest's access key, a scan link) never leave the process in a trace. The
 * caller says what a secret looks like (the BFF passes the web package's redactSecrets).
 */
export class RedactingSpanProcessor implements SpanProcessor {
  constructor(
    private readonly redact: (value: string) => string,
    private readonly next: SpanProcessor[],
  ) {}

  onStart(span: Span, parentContext: Context): void {
    for (const processor of this.next) processor.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    // An ended span is no longer written by anyone; its attributes are a plain object the exporters read later.
    const attributes = span.attributes as Record<string, unknown>;
    for (const [key, value] of Object.entries(attributes)) {
      if (typeof value === 'string') attributes[key] = this.redact(value);
    }
    (span as { name: string }).name = this.redact(span.name);
    for (const processor of this.next) processor.onEnd(span);
  }

  async forceFlush(): Promise<void> {
    await Promise.all(this.next.map((processor) => processor.forceFlush()));
  }

  async shutdown(): Promise<void> {
    await Promise.all(this.next.map((processor) => processor.shutdown()));
  }
}
