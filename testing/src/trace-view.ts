// The local trace view of `npm run up` (http://localhost:4318/traces): recent traces, and each one as its tree of
// spans across the BFF, the services, NATS and SMTP. In a cluster, Tempo in Grafana takes its place.
import type { ReceivedSpan } from '@kassa/platform/testing';

export interface TraceSummary {
  traceId: string;
  root: ReceivedSpan;
  spanCount: number;
  services: string[];
  startTimeMs: number;
  durationMs: number;
  hasError: boolean;
}

export interface TreeRow {
  span: ReceivedSpan;
  depth: number;
}

/** Traces newest first; a trace's root is its span without a parent among the received ones (earliest if several). */
export function summariseTraces(spans: readonly ReceivedSpan[], limit = 100): TraceSummary[] {
  const byTrace = new Map<string, ReceivedSpan[]>();
  for (const span of spans) byTrace.set(span.traceId, [...(byTrace.get(span.traceId) ?? []), span]);
  const summaries: TraceSummary[] = [];
  for (const [traceId, members] of byTrace) {
    const ids = new Set(members.map((span) => span.spanId));
    const roots = members
      .filter((span) => !span.parentSpanId || !ids.has(span.parentSpanId))
      .sort((a, b) => a.startTimeMs - b.startTimeMs);
    const startTimeMs = Math.min(...members.map((span) => span.startTimeMs));
    const endTimeMs = Math.max(...members.map((span) => span.startTimeMs + span.durationMs));
    summaries.push({
      traceId,
      root: roots[0]!,
      spanCount: members.length,
      services: [...new Set(members.map((span) => span.serviceName))].sort(),
      startTimeMs,
      durationMs: endTimeMs - startTimeMs,
      hasError: members.some((span) => span.status === 'error'),
    });
  }
  return summaries.sort((a, b) => b.startTimeMs - a.startTimeMs).slice(0, limit);
}

/** One trace depth-first, children in start order; spans whose parent never arrived start their own branch. */
export function traceTree(spans: readonly ReceivedSpan[], traceId: string): TreeRow[] {
  const members = spans.filter((span) => span.traceId === traceId).sort((a, b) => a.startTimeMs - b.startTimeMs);
  const ids = new Set(members.map((span) => span.spanId));
  const children = new Map<string, ReceivedSpan[]>();
  for (const span of members) {
    const parent = span.parentSpanId && ids.has(span.parentSpanId) ? span.parentSpanId : '';
    children.set(parent, [...(children.get(parent) ?? []), span]);
  }
  const rows: TreeRow[] = [];
  const visit = (parent: string, depth: number): void => {
    for (const span of children.get(parent) ?? []) {
      rows.push({ span, depth });
      visit(span.spanId, depth + 1);
    }
  };
  visit('', 0);
  return rows;
}

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const ms = (value: number): string => `${value < 10 ? value.toFixed(2) : Math.round(value)} ms`;
/** What most tells a span apart: the subject it published or processed, or the path it served. */
const detailOf = (span: ReceivedSpan): string =>
  String(
    span.attributes['messaging.destination.name'] ??
      span.attributes['url.path'] ??
      span.attributes['http.target'] ??
      span.attributes['db.query.text'] ??
      span.attributes['db.statement'] ??
      '',
  ).slice(0, 160);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font:14px system-ui,sans-serif;margin:24px;color:#1f2937}table{border-collapse:collapse;width:100%}td,th{padding:4px 8px;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top}
th{font-weight:600}.error{color:#b91c1c;font-weight:600}.muted{color:#6b7280}.kind{font-size:12px;color:#6b7280}code{font-size:12px}</style></head>
<body>${body}</body></html>`;
}

/** The pages the receiver serves besides its OTLP endpoint: /traces and /traces/{traceId}. */
export function traceViewPage(
  path: string,
  spans: readonly ReceivedSpan[],
): { contentType: string; body: string; status?: number } | undefined {
  const html = (body: string, status?: number) => ({ contentType: 'text/html; charset=utf-8', body, status });
  if (path === '/traces' || path === '/traces/') {
    const rows = summariseTraces(spans)
      .map(
        (
          trace,
        ) => `<tr><td><a href="/traces/${trace.traceId}">${escape(trace.root.serviceName)}: ${escape(trace.root.name)}</a>${trace.hasError ? ' <span class="error">error</span>' : ''}<br><span class="muted">${escape(detailOf(trace.root))}</span></td>
<td>${new Date(trace.startTimeMs).toLocaleTimeString('en-GB')}</td><td>${ms(trace.durationMs)}</td><td>${trace.spanCount}</td><td>${escape(trace.services.join(', '))}</td></tr>`,
      )
      .join('\n');
    return html(
      page(
        'Traces',
        `<h1>Recent traces</h1><p class="muted">Newest first. Reload for new ones.</p>
<table><thead><tr><th>Root span</th><th>Started</th><th>Duration</th><th>Spans</th><th>Services</th></tr></thead><tbody>${rows || '<tr><td colspan="5">No traces yet.</td></tr>'}</tbody></table>`,
      ),
    );
  }
  const match = /^\/traces\/([0-9a-f]{32})$/.exec(path);
  if (!match) return undefined;
  const rows = traceTree(spans, match[1]!);
  if (rows.length === 0)
    return html(page('Trace not found', '<h1>Trace not found</h1><p><a href="/traces">All traces</a></p>'), 404);
  const start = Math.min(...rows.map((row) => row.span.startTimeMs));
  const body = rows
    .map(
      ({
        span,
        depth,
      }) => `<tr><td style="padding-left:${8 + depth * 18}px">${escape(span.serviceName)} <span class="kind">${span.kind}</span><br>${escape(span.name)}${span.status === 'error' ? ' <span class="error">error</span>' : ''}</td>
<td><code>${escape(detailOf(span))}</code></td><td>+${ms(span.startTimeMs - start)}</td><td>${ms(span.durationMs)}</td></tr>`,
    )
    .join('\n');
  return html(
    page(
      `Trace ${match[1]}`,
      `<p><a href="/traces">All traces</a></p><h1>Trace <code>${match[1]}</code></h1>
<table><thead><tr><th>Span</th><th>Subject, path or statement</th><th>Start</th><th>Duration</th></tr></thead><tbody>${body}</tbody></table>`,
    ),
  );
}
