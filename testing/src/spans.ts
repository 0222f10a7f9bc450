/** A span as the development OTLP receiver (testing/src/otlp-receiver.ts) lists it. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: 'unspecified' | 'internal' | 'server' | 'client' | 'producer' | 'consumer';
  serviceName: string;
  attributes: Record<string, unknown>;
}

export async function receivedSpans(otlpUrl: string): Promise<ReceivedSpan[]> {
  const response = await fetch(`${otlpUrl}/api/spans`);
  if (!response.ok) throw new Error(`OTLP receiver answered ${response.status}`);
  return (await response.json()) as ReceivedSpan[];
}

export async function clearSpans(otlpUrl: string): Promise<void> {
  await fetch(`${otlpUrl}/api/spans`, { method: 'DELETE' });
}

/** Polls until `predicate` holds for the received spans, returning them; fails with what was seen. */
export async function waitForSpans(
  otlpUrl: string,
  predicate: (spans: ReceivedSpan[]) => boolean,
  timeoutMs = 20_000,
): Promise<ReceivedSpan[]> {
  const deadline = Date.now() + timeoutMs;
  let spans: ReceivedSpan[] = [];
  while (Date.now() < deadline) {
    spans = await receivedSpans(otlpUrl);
    if (predicate(spans)) return spans;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seen = spans
    .map((s) => `${s.serviceName}:${s.name}(kind ${s.kind}, trace ${s.traceId.slice(0, 8)})`)
    .join('\n  ');
  throw new Error(`the expected spans did not arrive within ${timeoutMs} ms; received:\n  ${seen}`);
}
