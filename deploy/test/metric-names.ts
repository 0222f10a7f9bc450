import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/**
 * The metrics contract of Step 7 (the names services export through @kassa/platform/metrics) and the PromQL that
 * deploy/monitoring builds on it. Dashboards and alerts may only name series listed here; charts/test checks that
 * statically, and an end-to-end test can check the same names against a real scrape of running services.
 */

export type MetricKind = 'counter' | 'histogram' | 'gauge';

export interface ContractMetric {
  /** Prometheus name without the suffixes the exporter adds (_total for counters, _bucket/_sum/_count for histograms). */
  name: string;
  kind: MetricKind;
  /** The labels the instrument records (service_name, added to every series, not included). */
  labels: readonly string[];
  /** Values of labels that take a fixed set of words; other labels are free (method names, consumer names, ids). */
  values?: Readonly<Record<string, readonly string[]>>;
  /** Who reports it: every service (platform), a service's business code, or the BFF's HTTP instrumentation. */
  source: 'platform' | 'business' | 'bff';
}

const GRPC_CODES = [
  'OK',
  'CANCELLED',
  'UNKNOWN',
  'INVALID_ARGUMENT',
  'DEADLINE_EXCEEDED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'PERMISSION_DENIED',
  'RESOURCE_EXHAUSTED',
  'FAILED_PRECONDITION',
  'ABORTED',
  'OUT_OF_RANGE',
  'UNIMPLEMENTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATA_LOSS',
  'UNAUTHENTICATED',
] as const;

/**
 * The gRPC codes that mean the server failed. The others answer the caller: bad input, not found, not allowed,
 * a business rule (FAILED_PRECONDITION: sold out), a rate limit (RESOURCE_EXHAUSTED), the caller giving up (CANCELLED).
 */
export const SERVER_ERROR_CODES = [
  'UNKNOWN',
  'DEADLINE_EXCEEDED',
  'UNIMPLEMENTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATA_LOSS',
] as const;
/** SERVER_ERROR_CODES as the regular expression of an `rpc_code=~"…"` matcher. */
export const SERVER_ERROR_CODE_PATTERN = SERVER_ERROR_CODES.join('|');

export const CONTRACT_METRICS: readonly ContractMetric[] = [
  {
    name: 'kassa_rpc_server_requests',
    kind: 'counter',
    labels: ['rpc_method', 'rpc_code'],
    values: { rpc_code: GRPC_CODES },
    source: 'platform',
  },
  {
    name: 'kassa_rpc_server_duration_seconds',
    kind: 'histogram',
    labels: ['rpc_method', 'rpc_code'],
    values: { rpc_code: GRPC_CODES },
    source: 'platform',
  },
  { name: 'kassa_outbox_published', kind: 'counter', labels: ['subject'], source: 'platform' },
  { name: 'kassa_outbox_publish_failures', kind: 'counter', labels: [], source: 'platform' },
  { name: 'kassa_outbox_unpublished', kind: 'gauge', labels: [], source: 'platform' },
  { name: 'kassa_outbox_oldest_unpublished_age_seconds', kind: 'gauge', labels: [], source: 'platform' },
  {
    name: 'kassa_consumer_messages',
    kind: 'counter',
    labels: ['consumer', 'outcome'],
    values: { outcome: ['handled', 'duplicate', 'failed', 'parked'] },
    source: 'platform',
  },
  { name: 'kassa_consumer_handle_duration_seconds', kind: 'histogram', labels: ['consumer'], source: 'platform' },
  { name: 'kassa_consumer_pending', kind: 'gauge', labels: ['consumer'], source: 'platform' },
  { name: 'kassa_consumer_ack_pending', kind: 'gauge', labels: ['consumer'], source: 'platform' },
  {
    name: 'kassa_jobs_queued',
    kind: 'gauge',
    labels: ['queue', 'state'],
    values: { state: ['waiting', 'active', 'delayed', 'failed'] },
    source: 'platform',
  },
  {
    name: 'kassa_jobs_processed',
    kind: 'counter',
    labels: ['queue', 'outcome'],
    values: { outcome: ['completed', 'failed'] },
    source: 'platform',
  },
  {
    name: 'kassa_checkout_funnel',
    kind: 'counter',
    labels: ['stage'],
    values: { stage: ['reserved', 'paid', 'tickets_issued', 'email_sent'] },
    source: 'business',
  },
  // `to` is the domain's status word (reserved, pending, paid, expired, canceled, refunded, …): not a closed list here.
  { name: 'kassa_order_transitions', kind: 'counter', labels: ['to'], source: 'business' },
  {
    name: 'kassa_payments',
    kind: 'counter',
    labels: ['outcome'],
    values: { outcome: ['succeeded', 'failed', 'refunded', 'flagged'] },
    source: 'business',
  },
  { name: 'kassa_tickets_issued', kind: 'counter', labels: [], source: 'business' },
  { name: 'kassa_tickets_voided', kind: 'counter', labels: [], source: 'business' },
  {
    name: 'kassa_scans',
    kind: 'counter',
    labels: ['result', 'mode'],
    values: {
      result: ['valid', 'already_used', 'canceled', 'unpaid', 'wrong_event', 'invalid'],
      mode: ['online', 'offline'],
    },
    source: 'business',
  },
  {
    name: 'kassa_emails',
    kind: 'counter',
    labels: ['kind', 'outcome'],
    values: { outcome: ['sent', 'failed'] },
    source: 'business',
  },
  { name: 'kassa_quota_capacity', kind: 'gauge', labels: ['quota_id', 'kind'], source: 'business' },
  { name: 'kassa_quota_sold', kind: 'gauge', labels: ['quota_id', 'kind'], source: 'business' },
  { name: 'kassa_quota_reserved', kind: 'gauge', labels: ['quota_id', 'kind'], source: 'business' },
  {
    name: 'http_server_request_duration_seconds',
    kind: 'histogram',
    labels: ['http_request_method', 'http_response_status_code'],
    source: 'bff',
  },
];

/** Series Prometheus adds for every scrape target itself (not exported by a service). */
export const SCRAPE_METRICS = ['up'] as const;

/** Labels every scraped series carries besides the instrument's own: the resource's and the scrape target's. */
export const COMMON_LABELS = [
  'service_name',
  'job',
  'instance',
  'namespace',
  'service',
  'pod',
  'container',
  'endpoint',
  'part_of',
] as const;

/** The names a metric appears under in a scrape: counters with _total, histograms as _bucket (with `le`), _sum and _count. */
export function exposedNames(metric: Pick<ContractMetric, 'name' | 'kind'>): string[] {
  if (metric.kind === 'counter') return [`${metric.name}_total`];
  if (metric.kind === 'histogram') return ['_bucket', '_sum', '_count'].map((suffix) => `${metric.name}${suffix}`);
  return [metric.name];
}

/** Every series name a dashboard or alert may use, mapped to its contract entry (undefined for scrape series). */
export const KNOWN_SERIES: ReadonlyMap<string, ContractMetric | undefined> = new Map<
  string,
  ContractMetric | undefined
>([
  ...CONTRACT_METRICS.flatMap((metric) => exposedNames(metric).map((name) => [name, metric] as const)),
  ...SCRAPE_METRICS.map((name) => [name, undefined] as const),
]);

/** Words of PromQL that look like identifiers but name no series. */
const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'bool',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'offset',
  'atan2',
  'inf',
  'nan',
]);

/** PromQL without string literals and comments, so that what is left is structure and identifiers. */
function withoutStrings(expr: string): string {
  return expr.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""').replace(/#[^\n]*/g, '');
}

/**
 * The series names a PromQL expression selects, e.g. `sum by (le) (rate(kassa_x_bucket{a="b"}[5m])) / up` gives
 * [kassa_x_bucket, up]. Function and aggregation names, keywords, label names in matchers and in by/without/on/
 * ignoring/group_* clauses, numbers, durations and Grafana variables ($__rate_interval, ${datasource}) are not names.
 */
export function referencedMetricNames(expr: string): string[] {
  const structure = withoutStrings(expr)
    .replace(/\{[^}]*\}/g, ' ') // label matchers
    .replace(/\[[^\]]*\]/g, ' ') // range and subquery windows
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\boffset\s+-?[\w$.{}]+/g, ' ')
    .replace(/\$\{[^}]*\}|\$\w+/g, ' ') // Grafana variables
    .replace(/(?<![\w:])\d[\w.]*(?:[eE][+-]?\d+)?/g, ' '); // numbers
  const names = new Set<string>();
  for (const match of structure.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const word = match[0];
    const rest = structure.slice(match.index + word.length);
    if (/^\s*\(/.test(rest)) continue; // a function or aggregation call
    if (KEYWORDS.has(word.toLowerCase())) continue;
    names.add(word);
  }
  return [...names].sort();
}

export interface LabelMatcher {
  metric: string;
  label: string;
  operator: '=' | '!=' | '=~' | '!~';
  value: string;
}

/** The label matchers written directly on a series name: `kassa_scans_total{result!="valid"}` gives one. */
export function labelMatchers(expr: string): LabelMatcher[] {
  const matchers: LabelMatcher[] = [];
  for (const selector of expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*\{([^}]*)\}/g)) {
    for (const matcher of (selector[2] ?? '').matchAll(
      /([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)\s*"((?:[^"\\]|\\.)*)"/g,
    )) {
      matchers.push({
        metric: selector[1]!,
        label: matcher[1]!,
        operator: matcher[2] as LabelMatcher['operator'],
        value: matcher[3]!,
      });
    }
  }
  return matchers;
}

/**
 * What is wrong with an expression against the contract: series it names that no service exports, labels a series
 * does not carry, and fixed-vocabulary values (stage, outcome, result, …) that do not exist. Empty when it is sound.
 */
export function contractViolations(expr: string): string[] {
  const problems: string[] = [];
  for (const name of referencedMetricNames(expr)) {
    if (!KNOWN_SERIES.has(name)) problems.push(`unknown series ${name}`);
  }
  for (const { metric, label, operator, value } of labelMatchers(expr)) {
    if (!KNOWN_SERIES.has(metric)) continue; // reported above
    const contract = KNOWN_SERIES.get(metric);
    const allowed = new Set<string>([
      ...COMMON_LABELS,
      ...(contract?.labels ?? []),
      ...(metric.endsWith('_bucket') ? ['le'] : []),
    ]);
    if (!allowed.has(label)) {
      problems.push(`${metric} has no label ${label}`);
      continue;
    }
    const vocabulary = contract?.values?.[label];
    if (!vocabulary || value.includes('$')) continue;
    const words = operator === '=' || operator === '!=' ? [value] : /^[A-Za-z_|]+$/.test(value) ? value.split('|') : [];
    for (const word of words) {
      if (!vocabulary.includes(word)) problems.push(`${metric}{${label}} has no value ${word}`);
    }
  }
  return problems;
}

const monitoringDirectory = path.resolve(__dirname, '../monitoring');

export interface DashboardQuery {
  dashboard: string;
  panel: string;
  expr: string;
}

export interface Dashboard {
  file: string;
  json: DashboardJson;
}

export interface DashboardJson {
  uid: string;
  title: string;
  schemaVersion: number;
  templating: { list: { name: string; type: string; query?: unknown; definition?: string; datasource?: unknown }[] };
  panels: PanelJson[];
}

export interface PanelJson {
  id: number;
  type: string;
  title: string;
  datasource?: { type?: string; uid?: string };
  targets?: { expr?: string; refId?: string; datasource?: { type?: string; uid?: string } }[];
  panels?: PanelJson[];
}

/** deploy/monitoring/dashboards/*.json, parsed. */
export function loadDashboards(directory = path.join(monitoringDirectory, 'dashboards')): Dashboard[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ file, json: JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as DashboardJson }));
}

/** Every panel of a dashboard, those inside collapsed rows included. */
export function panelsOf(dashboard: DashboardJson): PanelJson[] {
  return dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]);
}

/** Every PromQL expression of the dashboards: panel targets and query variables. */
export function dashboardQueries(dashboards = loadDashboards()): DashboardQuery[] {
  return dashboards.flatMap(({ json }) => [
    ...panelsOf(json).flatMap((panel) =>
      (panel.targets ?? []).flatMap((target) =>
        target.expr ? [{ dashboard: json.uid, panel: panel.title, expr: target.expr }] : [],
      ),
    ),
    ...json.templating.list.flatMap((variable) => {
      const query =
        typeof variable.query === 'string' ? variable.query : (variable.query as { query?: string } | undefined)?.query;
      const inner =
        variable.type === 'query' && query ? (/^label_values\((.*),\s*\w+\)$/.exec(query)?.[1] ?? query) : undefined;
      return inner ? [{ dashboard: json.uid, panel: `variable ${variable.name}`, expr: inner }] : [];
    }),
  ]);
}

export interface AlertRule {
  group: string;
  alert: string;
  expr: string;
  for?: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

export interface PrometheusRuleObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec: { groups: { name: string; interval?: string; rules: Record<string, unknown>[] }[] };
}

/** deploy/monitoring/alerts.yaml, parsed. */
export function loadPrometheusRule(file = path.join(monitoringDirectory, 'alerts.yaml')): PrometheusRuleObject {
  return parse(readFileSync(file, 'utf8')) as PrometheusRuleObject;
}

/** The alerting rules of alerts.yaml. */
export function loadAlertRules(rule = loadPrometheusRule()): AlertRule[] {
  return rule.spec.groups.flatMap((group) =>
    group.rules
      .filter((entry) => typeof entry.alert === 'string')
      .map((entry) => ({
        group: group.name,
        alert: entry.alert as string,
        expr: String(entry.expr),
        for: entry.for as string | undefined,
        labels: (entry.labels ?? {}) as Record<string, string>,
        annotations: (entry.annotations ?? {}) as Record<string, string>,
      })),
  );
}

/** Every series name deploy/monitoring's dashboards and alerts use: what a real scrape must show. */
export function monitoredSeriesNames(): string[] {
  const expressions = [...dashboardQueries().map((query) => query.expr), ...loadAlertRules().map((rule) => rule.expr)];
  return [...new Set(expressions.flatMap(referencedMetricNames))].sort();
}
