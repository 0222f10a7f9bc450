import { randomBytes } from 'node:crypto';
import { waitForMessagesTo } from '@kassa/testing/mail';
import { type ReceivedSpan, clearSpans, waitForSpans } from '@kassa/testing/spans';
import { stackInfo } from '@kassa/testing/stack-info';

jest.setTimeout(60_000);
const stack = stackInfo();

/** The hops of one sign-in, each recognisable by its service and span kind. */
const hops: Record<string, (span: ReceivedSpan) => boolean> = {
  'BFF request': (s) =>
    s.serviceName === 'bff' && s.kind === 'server' && /sign-in-code/.test(JSON.stringify(s.attributes) + s.name),
  'identity gRPC call': (s) =>
    s.serviceName === 'identity' && s.kind === 'server' && s.name.includes('RequestSignInCode'),
  'outbox relay publish': (s) => s.serviceName === 'identity' && s.kind === 'producer',
  'notifications consumer': (s) => s.serviceName === 'notifications' && s.kind === 'consumer',
  'SMTP send': (s) => s.serviceName === 'notifications' && /smtp/i.test(s.name),
};

function hopsIn(spans: ReceivedSpan[], traceId: string): string[] {
  return Object.entries(hops)
    .filter(([, match]) => spans.some((s) => s.traceId === traceId && match(s)))
    .map(([name]) => name);
}

it('one sign-in is one trace: BFF request → identity gRPC → outbox relay → notifications consumer → SMTP send', async () => {
  await clearSpans(stack.otlpUrl);
  const address = `trace-${randomBytes(4).toString('hex')}@example.test`;
  const response = await fetch(`${stack.bffUrl}/api/_auth/sign-in-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack.bffUrl },
    body: JSON.stringify({ email: address, purpose: 'sign-in', locale: 'en' }),
  });
  expect(response.status).toBe(200);
  await waitForMessagesTo(stack.mailInboxUrl, address);

  // Other files sign in on this platform at the same moment, and their spans arrive around the clear (exporters batch
  // them), so a trace can be cut in two by it. Look for a trace that arrived whole: every hop, and every span hanging
  // from another of the trace but one. A broken propagation leaves no such trace (the wait fails, showing what came).
  const rootsOf = (all: ReceivedSpan[], traceId: string) => {
    const inTrace = all.filter((s) => s.traceId === traceId);
    const ids = new Set(inTrace.map((s) => s.spanId));
    return inTrace.filter((s) => !s.parentSpanId || !ids.has(s.parentSpanId));
  };
  const wholeTrace = (all: ReceivedSpan[]) =>
    all.find(
      (span) =>
        hops['identity gRPC call']!(span) &&
        hopsIn(all, span.traceId).length === Object.keys(hops).length &&
        rootsOf(all, span.traceId).length === 1,
    );
  const spans = await waitForSpans(stack.otlpUrl, (all) => wholeTrace(all) !== undefined);
  const traceId = wholeTrace(spans)!.traceId;
  expect(hopsIn(spans, traceId)).toEqual(Object.keys(hops));
  // Its one root is the BFF's request.
  expect(rootsOf(spans, traceId).map((s) => s.serviceName)).toEqual(['bff']);
});
