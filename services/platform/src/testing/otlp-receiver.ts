import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export type AttributeValue = string | number | boolean | null | AttributeValue[];

/** One received span, flattened from OTLP/HTTP JSON. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  kind: 'unspecified' | 'internal' | 'server' | 'client' | 'producer' | 'consumer';
  serviceName: string;
  attributes: Record<string, AttributeValue>;
  /** Milliseconds since the epoch (0 when the exporter sent none). */
  startTimeMs: number;
  durationMs: number;
  /** OTLP status: 'error' when the span recorded a failure. */
  status: 'unset' | 'ok' | 'error';
}

export interface OtlpReceiver {
  /** Base URL to use as OTEL_EXPORTER_OTLP_ENDPOINT (spans are posted to `${url}/v1/traces`). */
  url: string;
  spans(): ReceivedSpan[];
  waitForSpans(predicate: (spans: ReceivedSpan[]) => boolean, timeoutMs?: number): Promise<ReceivedSpan[]>;
  stop(): Promise<void>;
}

interface OtlpAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
  arrayValue?: { values?: OtlpAnyValue[] };
  kvlistValue?: unknown;
  bytesValue?: string;
}
interface OtlpKeyValue {
  key: string;
  value?: OtlpAnyValue;
}
interface OtlpTraces {
  resourceSpans?: {
    resource?: { attributes?: OtlpKeyValue[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind?: number;
        attributes?: OtlpKeyValue[];
        startTimeUnixNano?: string | number;
        endTimeUnixNano?: string | number;
        status?: { code?: number };
      }[];
    }[];
  }[];
}

// OTLP's enum (0 unspecified, 1 internal, 2 server, …), not the API's.
const KINDS: ReceivedSpan['kind'][] = ['unspecified', 'internal', 'server', 'client', 'producer', 'consumer'];

function valueOf(value: OtlpAnyValue | undefined): AttributeValue {
  if (!value) return null;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(valueOf);
  if (value.bytesValue !== undefined) return value.bytesValue;
  return JSON.stringify(value.kvlistValue ?? null);
}

function attributesOf(list: OtlpKeyValue[] | undefined): Record<string, AttributeValue> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, valueOf(value)]));
}

const STATUSES: ReceivedSpan['status'][] = ['unset', 'ok', 'error'];

/** Nanoseconds as OTLP JSON sends them (a decimal string) → milliseconds. */
function nanosToMs(value: string | number | undefined): number {
  if (value === undefined) return 0;
  return Number(BigInt(value) / 1000n) / 1000;
}

// IDs are hex in OTLP JSON; a few encoders send base64 instead (as protobuf JSON mapping would).
function hexId(id: string | undefined, bytes: number): string {
  if (!id) return '';
  if (new RegExp(`^[0-9a-f]{${bytes * 2}}$`, 'i').test(id)) return id.toLowerCase();
  return Buffer.from(id, 'base64').toString('hex');
}

export function flattenTraces(body: OtlpTraces): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of body.resourceSpans ?? []) {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    const serviceName = typeof resource['service.name'] === 'string' ? resource['service.name'] : '';
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      for (const span of scopeSpans.spans ?? []) {
        spans.push({
          traceId: hexId(span.traceId, 16),
          spanId: hexId(span.spanId, 8),
          parentSpanId: hexId(span.parentSpanId, 8),
          name: span.name,
          kind: KINDS[span.kind ?? 0] ?? 'unspecified',
          serviceName,
          attributes: attributesOf(span.attributes),
          startTimeMs: nanosToMs(span.startTimeUnixNano),
          durationMs: Math.max(0, nanosToMs(span.endTimeUnixNano) - nanosToMs(span.startTimeUnixNano)),
          status: STATUSES[span.status?.code ?? 0] ?? 'unset',
        });
      }
    }
  }
  return spans;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

/**
 * A local OTLP/HTTP JSON trace receiver on 127.0.0.1 (port 0 unless given), standing in for a collector in tests.
 * Besides POST /v1/traces it lists what it received at GET /api/spans and forgets it at DELETE /api/spans,
 * so tests in other processes can read the spans too.
 */
export interface OtlpReceiverOptions {
  port?: number;
  /** Keep only the most recent spans (a long-running local receiver); default: keep all (tests). */
  maxSpans?: number;
  /** Extra GET pages over the received spans (the local trace view); undefined: not one of its pages. */
  view?: (
    path: string,
    spans: readonly ReceivedSpan[],
  ) => { contentType: string; body: string; status?: number } | undefined;
}

export async function startOtlpReceiver({
  port: listenPort = 0,
  maxSpans,
  view,
}: OtlpReceiverOptions = {}): Promise<OtlpReceiver> {
  const received: ReceivedSpan[] = [];
  const waiters = new Set<() => void>();

  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path === '/api/spans' && (request.method === 'GET' || request.method === 'DELETE')) {
      if (request.method === 'DELETE') received.length = 0;
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(request.method === 'GET' ? received : []));
      return;
    }
    const page = request.method === 'GET' && path !== undefined ? view?.(path, received) : undefined;
    if (page) {
      response
        .writeHead(page.status ?? 200, { 'content-type': page.contentType, 'cache-control': 'no-store' })
        .end(page.body);
      return;
    }
    if (request.method !== 'POST' || path !== '/v1/traces') {
      response.writeHead(404).end();
      return;
    }
    if (!(request.headers['content-type'] ?? '').includes('application/json')) {
      response
        .writeHead(415, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: 'Only OTLP/HTTP JSON is accepted' }));
      return;
    }
    readBody(request)
      .then((body) => {
        received.push(...flattenTraces(JSON.parse(body.toString('utf8')) as OtlpTraces));
        if (maxSpans !== undefined && received.length > maxSpans) received.splice(0, received.length - maxSpans);
        for (const wake of waiters) wake();
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      })
      .catch((error: unknown) => {
        response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: String(error) }));
      });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => [...received],
    waitForSpans(predicate, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (!predicate([...received])) return;
          cleanup();
          resolve([...received]);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `Spans did not match within ${timeoutMs} ms; received: ${received.map((s) => `${s.serviceName}:${s.name}`).join(', ') || 'none'}`,
            ),
          );
        }, timeoutMs);
        const cleanup = (): void => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
