import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { parseKey } from '@kassa/platform/crypto';
import { type CallerKey, WORKLOADS, verifiersText } from '@kassa/platform/grpc';
import {
  CONTRACT_METRICS,
  KNOWN_SERIES,
  SERVER_ERROR_CODE_PATTERN,
  contractViolations,
  dashboardQueries,
  exposedNames,
  labelMatchers,
  loadAlertRules,
  loadDashboards,
  loadPrometheusRule,
  monitoredSeriesNames,
  panelsOf,
  referencedMetricNames,
  type DashboardJson,
} from '../../deploy/test/metric-names';
import {
  bracketsBalanced,
  prometheusRuleProblems,
  serviceMonitorProblems,
} from '../../deploy/test/prometheus-operator';

// deploy/: the monitoring objects (dashboards as ConfigMaps, alerts as a PrometheusRule) built by kustomize, and the
// values of the charts Kassa runs on (deploy/infrastructure), checked against each other and against the metrics
// contract. The third-party charts cannot be fetched here (no network), so their values are checked for
// consistency only, never rendered.
const repoRoot = path.resolve(__dirname, '../..');
const tools = path.join(repoRoot, '.tools/bin');
const infrastructure = path.join(repoRoot, 'deploy/infrastructure');
const monitoring = path.join(repoRoot, 'deploy/monitoring');

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  data?: Record<string, string>;
  spec?: unknown;
}

const readYaml = <T = Record<string, unknown>>(file: string): T => parse(readFileSync(file, 'utf8')) as T;
const infrastructureValues = <T = Record<string, unknown>>(name: string): T =>
  readYaml<T>(path.join(infrastructure, `${name}.yaml`));
const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  Object.keys(selector ?? {}).length > 0 &&
  Object.entries(selector ?? {}).every(([key, value]) => labels?.[key] === value);

function parseObjects(text: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length > 0) throw new Error(`YAML does not parse: ${document.errors[0]?.message}`);
      return document.toJS() as K8sObject | null;
    })
    .filter((object): object is K8sObject => object !== null);
}

function renderKassa(valuesFile: string): K8sObject[] {
  const run = spawnSync(
    path.join(tools, 'helm'),
    ['template', 'kassa', path.join(repoRoot, 'charts/kassa'), '--namespace', 'kassa', '--values', valuesFile],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  if (run.status !== 0) throw new Error(`helm template failed:\n${run.stderr}`);
  return parseObjects(run.stdout);
}

/** `helm upgrade --install` lines of install.sh --print, as fields. */
interface Release {
  release: string;
  chart: string;
  repository: string;
  version: string;
  namespace: string;
  valuesFiles: string[];
}

function installPlan(environment: 'dev' | 'production'): {
  text: string;
  releases: Release[];
  repositories: Map<string, string>;
} {
  const text = execFileSync('bash', [path.join(infrastructure, 'install.sh'), environment, '--print'], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const repositories = new Map<string, string>();
  for (const [, alias, url] of text.matchAll(/^helm repo add (\S+) (\S+)/gm)) repositories.set(alias!, url!);
  const releases = [...text.matchAll(/^helm upgrade --install (.*)$/gm)].map(([, rest]) => {
    const words = rest!.split(/\s+/);
    const option = (name: string) => words[words.indexOf(name) + 1]!;
    const [release, chartReference] = words;
    const [alias, chartName] = chartReference!.split('/');
    return {
      release: release!,
      chart: chartName!,
      repository: repositories.get(alias!) ?? `unknown repository ${alias}`,
      version: option('--version'),
      namespace: option('--namespace'),
      valuesFiles: words.flatMap((word, index) => (words[index - 1] === '--values' ? [word] : [])),
    };
  });
  return { text, releases, repositories };
}

/** The header every infrastructure values file starts with: chart, repository and pinned version. */
function header(file: string): {
  chart?: string;
  repository?: string;
  version?: string;
  release?: string;
  namespace?: string;
} {
  const comment = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('#'))
    .join('\n');
  const chart = /^#\s+chart:\s+(\S+) \(repository (https:\/\/\S+?)[,)]/m.exec(comment);
  const version = /^#\s+version:\s+(\d+\.\d+\.\d+)\b/m.exec(comment);
  const release = /^#\s+release:\s+(\S+) in namespace (\S+)/m.exec(comment);
  return {
    chart: chart?.[1],
    repository: chart?.[2],
    version: version?.[1],
    release: release?.[1],
    namespace: release?.[2],
  };
}

const url = (value: string | undefined) => new URL(value ?? 'missing://');

beforeAll(() => {
  execFileSync('bash', [path.join(repoRoot, 'scripts/tools/fetch-helm.sh')], {
    cwd: repoRoot,
    stdio: 'pipe',
    timeout: 120_000,
  });
}, 150_000);

describe('deploy/test/metric-names: reading PromQL', () => {
  it.each([
    [
      'sum by (service_name) (rate(kassa_rpc_server_requests_total{rpc_code=~"INTERNAL|UNKNOWN"}[5m]))',
      ['kassa_rpc_server_requests_total'],
    ],
    [
      'histogram_quantile(0.99, sum by (le) (rate(kassa_x_bucket{service_name=~"$service_name"}[$__rate_interval])))',
      ['kassa_x_bucket'],
    ],
    ['max by (q) (a_gauge) - max by (q) (b_gauge) / on (q) group_left (kind) c_info', ['a_gauge', 'b_gauge', 'c_info']],
    [
      'sum(increase(f_total{stage="paid"}[30m] offset 5m)) - (sum(increase(f_total[30m])) or vector(0)) > 2',
      ['f_total'],
    ],
    ['deriv(max by (consumer) (pending)[15m:1m]) > 0 and up{part_of="kassa"} == 0', ['pending', 'up']],
    ['topk(10, rate(x_total{a="by (b) sum(c_total)"}[1m])) * 60 # a comment naming d_total', ['x_total']],
    ['count without (pod) (y) unless ignoring (pod) z bool 1e3', ['y', 'z']],
  ])('%s names %j', (expr, names) => {
    expect(referencedMetricNames(expr)).toEqual(names);
  });

  it('reads label matchers and reports what the contract does not know', () => {
    expect(labelMatchers('kassa_scans_total{result!="valid", mode=~"online|offline"}')).toEqual([
      { metric: 'kassa_scans_total', label: 'result', operator: '!=', value: 'valid' },
      { metric: 'kassa_scans_total', label: 'mode', operator: '=~', value: 'online|offline' },
    ]);
    expect(contractViolations('sum(rate(kassa_scans_total{result="valid"}[5m]))')).toEqual([]);
    expect(contractViolations('sum(rate(kassa_scan_total[5m]))')).toEqual(['unknown series kassa_scan_total']);
    expect(contractViolations('kassa_checkout_funnel_total{stage="payed"}')).toEqual([
      'kassa_checkout_funnel_total{stage} has no value payed',
    ]);
    expect(contractViolations('kassa_consumer_pending{queue="x"}')).toEqual([
      'kassa_consumer_pending has no label queue',
    ]);
    expect(contractViolations('kassa_payments_total{outcome=~"succeeded|lost"}')).toEqual([
      'kassa_payments_total{outcome} has no value lost',
    ]);
  });

  it('knows each contract metric under the names a scrape shows', () => {
    expect(exposedNames({ name: 'kassa_scans', kind: 'counter' })).toEqual(['kassa_scans_total']);
    expect(exposedNames({ name: 'kassa_rpc_server_duration_seconds', kind: 'histogram' })).toEqual([
      'kassa_rpc_server_duration_seconds_bucket',
      'kassa_rpc_server_duration_seconds_sum',
      'kassa_rpc_server_duration_seconds_count',
    ]);
    expect(KNOWN_SERIES.has('kassa_outbox_oldest_unpublished_age_seconds')).toBe(true);
    expect(CONTRACT_METRICS).toHaveLength(23);
  });
});

describe('deploy/monitoring', () => {
  let objects: K8sObject[];
  const dashboards = loadDashboards();
  const queries = dashboardQueries(dashboards);
  const alerts = loadAlertRules();

  beforeAll(() => {
    const run = spawnSync(path.join(tools, 'kubectl'), ['kustomize', monitoring], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (run.status !== 0) throw new Error(`kubectl kustomize failed:\n${run.stderr}`);
    objects = parseObjects(run.stdout);
  });

  it('builds offline into one ConfigMap per dashboard and the PrometheusRule, all in observability', () => {
    const files = readdirSync(path.join(monitoring, 'dashboards'))
      .filter((file) => file.endsWith('.json'))
      .sort();
    expect(files).toHaveLength(5);
    expect(objects.map((object) => object.kind).sort()).toEqual([...files.map(() => 'ConfigMap'), 'PrometheusRule']);
    for (const object of objects) {
      expect(object.metadata.namespace).toBe('observability');
      expect(object.metadata.labels?.['app.kubernetes.io/part-of']).toBe('kassa');
    }
    const shipped = objects
      .filter((object) => object.kind === 'ConfigMap')
      .flatMap((configMap) => Object.keys(configMap.data ?? {}))
      .sort();
    expect(shipped).toEqual(files);
  });

  it('labels every dashboard ConfigMap for the Grafana sidecar, with the JSON byte for byte and small enough for kubectl apply', () => {
    for (const configMap of objects.filter((object) => object.kind === 'ConfigMap')) {
      expect(configMap.metadata.labels?.grafana_dashboard).toBe('1');
      expect(configMap.metadata.annotations?.grafana_folder).toBe('Kassa');
      expect(configMap.metadata.name).toMatch(/^kassa-dashboard-[a-z-]+$/);
      const [[file, content]] = Object.entries(configMap.data ?? {}) as [[string, string]];
      expect(content).toBe(readFileSync(path.join(monitoring, 'dashboards', file), 'utf8'));
      expect(() => JSON.parse(content)).not.toThrow();
      // kubectl apply keeps the object in an annotation limited to 256 KiB.
      expect(statSync(path.join(monitoring, 'dashboards', file)).size).toBeLessThan(200_000);
    }
  });

  it('gives every dashboard a unique uid, schemaVersion 39, unique panel ids, no overlapping panels and a Prometheus datasource variable', () => {
    expect(new Set(dashboards.map(({ json }) => json.uid)).size).toBe(dashboards.length);
    for (const { file, json } of dashboards) {
      expect([file, json.schemaVersion]).toEqual([file, 39]);
      expect(json.title).toMatch(/^Kassa \/ /);
      const panels = panelsOf(json);
      const ids = panels.map((panel) => panel.id);
      expect(new Set(ids).size).toBe(ids.length);
      const boxes = panels.map(
        (panel) => (panel as unknown as { gridPos: { x: number; y: number; w: number; h: number } }).gridPos,
      );
      boxes.forEach((a, i) => {
        expect(a.x + a.w).toBeLessThanOrEqual(24);
        boxes.slice(i + 1).forEach((b) => {
          const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
          expect(overlap).toBe(false);
        });
      });
      const datasource = json.templating.list.find((variable) => variable.name === 'datasource');
      expect(datasource).toMatchObject({ type: 'datasource', query: 'prometheus' });
      for (const panel of panels.filter((candidate) => candidate.type !== 'row')) {
        expect(panel.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
        expect(panel.targets?.length).toBeGreaterThan(0);
        for (const target of panel.targets ?? [])
          expect(target.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
      }
    }
  });

  it('covers the five views: RED per service, checkout funnel, capacity per quota, scans, outbox and consumers', () => {
    const seriesOf = (uid: string) =>
      new Set(queries.filter((query) => query.dashboard === uid).flatMap((query) => referencedMetricNames(query.expr)));
    const expectations: Record<string, string[]> = {
      'kassa-red': [
        'kassa_rpc_server_requests_total',
        'kassa_rpc_server_duration_seconds_bucket',
        'http_server_request_duration_seconds_bucket',
        'http_server_request_duration_seconds_count',
      ],
      'kassa-checkout-funnel': [
        'kassa_checkout_funnel_total',
        'kassa_order_transitions_total',
        'kassa_payments_total',
        'kassa_emails_total',
      ],
      'kassa-onsale-capacity': ['kassa_quota_capacity', 'kassa_quota_sold', 'kassa_quota_reserved'],
      'kassa-scans': ['kassa_scans_total'],
      'kassa-outbox-consumers': [
        'kassa_outbox_oldest_unpublished_age_seconds',
        'kassa_outbox_unpublished',
        'kassa_outbox_published_total',
        'kassa_consumer_pending',
        'kassa_consumer_ack_pending',
        'kassa_consumer_messages_total',
        'kassa_jobs_queued',
        'kassa_jobs_processed_total',
      ],
    };
    expect(dashboards.map(({ json }) => json.uid).sort()).toEqual(Object.keys(expectations).sort());
    for (const [uid, series] of Object.entries(expectations))
      expect([...seriesOf(uid)]).toEqual(expect.arrayContaining(series));
    // Every funnel stage has its own figure.
    const funnel = queries
      .filter((query) => query.dashboard === 'kassa-checkout-funnel')
      .map((query) => query.expr)
      .join('\n');
    for (const stage of ['reserved', 'paid', 'tickets_issued', 'email_sent'])
      expect(funnel).toContain(`stage="${stage}"`);
    // Scans: rejections are everything but valid, and online and offline are told apart.
    const scans = queries
      .filter((query) => query.dashboard === 'kassa-scans')
      .map((query) => query.expr)
      .join('\n');
    expect(scans).toContain('result!="valid"');
    expect(scans).toContain('sum by (mode)');
    // The RED and outbox views filter by a service_name variable.
    for (const uid of ['kassa-red', 'kassa-outbox-consumers']) {
      const dashboard = dashboards.find(({ json }) => json.uid === uid)!.json as DashboardJson;
      expect(dashboard.templating.list.map((variable) => variable.name)).toContain('service_name');
      expect(
        queries.filter((query) => query.dashboard === uid && query.expr.includes('$service_name')).length,
      ).toBeGreaterThan(5);
    }
  });

  it('uses in every dashboard query only series, labels and values of the metrics contract', () => {
    expect(queries.length).toBeGreaterThan(50);
    const problems = queries.flatMap((query) => [
      ...contractViolations(query.expr).map((problem) => `${query.dashboard} / ${query.panel}: ${problem}`),
      ...(bracketsBalanced(query.expr) ? [] : [`${query.dashboard} / ${query.panel}: unbalanced brackets`]),
    ]);
    expect(problems).toEqual([]);
  });

  it('combines the gauges every replica reports with max, never sum', () => {
    const sharedGauges = CONTRACT_METRICS.filter((metric) => metric.kind === 'gauge').map((metric) => metric.name);
    const expressions = [
      ...queries
        .filter((query) => !query.panel.startsWith('variable '))
        .map((query) => ({ where: `${query.dashboard} / ${query.panel}`, expr: query.expr })),
      ...alerts.map((alert) => ({ where: alert.alert, expr: alert.expr })),
    ];
    let checked = 0;
    for (const { where, expr } of expressions) {
      for (const gauge of sharedGauges) {
        for (const match of expr.matchAll(new RegExp(`\\b${gauge}\\b(?!_)`, 'g'))) {
          checked += 1;
          expect([where, /max(\s+by\s*\([^)]*\))?\s*\(\s*$/.test(expr.slice(0, match.index))]).toEqual([where, true]);
        }
      }
    }
    expect(checked).toBeGreaterThan(15);
  });

  it('counts the same gRPC codes as server errors everywhere', () => {
    const matchers = [...queries.map((query) => query.expr), ...alerts.map((alert) => alert.expr)]
      .flatMap((expr) => labelMatchers(expr))
      .filter((matcher) => matcher.label === 'rpc_code');
    expect(matchers.length).toBeGreaterThanOrEqual(3);
    for (const matcher of matchers)
      expect([matcher.operator, matcher.value]).toEqual(['=~', SERVER_ERROR_CODE_PATTERN]);
  });

  it("has a PrometheusRule of the Prometheus Operator's structure, labelled for the Prometheus ruleSelector", () => {
    const rule = loadPrometheusRule();
    expect(prometheusRuleProblems(rule)).toEqual([]);
    const stack = infrastructureValues<{
      prometheus: {
        prometheusSpec: { ruleSelector: { matchLabels: Record<string, string> }; ruleNamespaceSelector: object };
      };
    }>('kube-prometheus-stack');
    expect(selects(stack.prometheus.prometheusSpec.ruleSelector.matchLabels, rule.metadata.labels)).toBe(true);
    // The rule is deployed to observability; the selector must look there too (an empty selector: every namespace).
    expect(stack.prometheus.prometheusSpec.ruleNamespaceSelector).toEqual({});
  });

  it('gives every alert a severity, a summary, a description and its runbook in docs/OPERATIONS.md', () => {
    expect(new Set(alerts.map((alert) => alert.alert)).size).toBe(alerts.length);
    for (const alert of alerts) {
      expect(alert.alert).toMatch(/^Kassa[A-Z][A-Za-z]+$/);
      expect(['critical', 'warning']).toContain(alert.labels.severity);
      expect(alert.annotations.summary?.length).toBeGreaterThan(10);
      expect(alert.annotations.description?.length).toBeGreaterThan(20);
      expect(alert.annotations.runbook_url).toBe(`docs/OPERATIONS.md#alert-${alert.alert.toLowerCase()}`);
      // A `for` of at least a minute: one bad scrape or evaluation never pages.
      expect(alert.for).toMatch(/^(\d+)m$/);
    }
  });

  it("alerts on what the issue names, each built on the contract's series", () => {
    const byName = new Map(alerts.map((alert) => [alert.alert, alert]));
    const expected: Record<string, string> = {
      KassaServiceDown: 'up',
      KassaHighServerErrorRatio: 'kassa_rpc_server_requests_total',
      KassaBffHighServerErrorRatio: 'http_server_request_duration_seconds_count',
      KassaCheckoutSlow: 'kassa_rpc_server_duration_seconds_bucket',
      KassaOutboxStuck: 'kassa_outbox_oldest_unpublished_age_seconds',
      KassaConsumerBacklogGrowing: 'kassa_consumer_pending',
      KassaMessagesParked: 'kassa_consumer_messages_total',
      KassaPaidOrdersWithoutTickets: 'kassa_checkout_funnel_total',
      KassaConfirmationEmailsMissing: 'kassa_checkout_funnel_total',
      KassaEmailsFailing: 'kassa_emails_total',
      KassaJobsFailing: 'kassa_jobs_processed_total',
    };
    for (const [name, series] of Object.entries(expected))
      expect([name, referencedMetricNames(byName.get(name)?.expr ?? '')]).toEqual([
        name,
        expect.arrayContaining([series]),
      ]);
    expect(byName.get('KassaOutboxStuck')?.expr).toMatch(/> 120$/);
    expect(byName.get('KassaMessagesParked')?.expr).toContain('outcome="parked"');
    expect(byName.get('KassaCheckoutSlow')?.expr).toContain('rpc_method="/kassa.ordering.v1.OrderService/Checkout"');
    // A stage that has never been counted must not hide the gap: the subtracted side falls back to 0.
    for (const name of ['KassaPaidOrdersWithoutTickets', 'KassaConfirmationEmailsMissing'])
      expect(byName.get(name)?.expr).toContain('or vector(0)');
    const problems = alerts.flatMap((alert) => [
      ...contractViolations(alert.expr).map((problem) => `${alert.alert}: ${problem}`),
      ...(bracketsBalanced(alert.expr) ? [] : [`${alert.alert}: unbalanced brackets`]),
    ]);
    expect(problems).toEqual([]);
  });

  it('gives each service that uses NATS its own bus user: NATS_USER, its own Secret key as NATS_PASSWORD, the CA of the TLS server', () => {
    const objects = renderKassa(path.join(repoRoot, 'deploy/values/production.yaml'));
    const natsServices = ['identity', 'catalog', 'ordering', 'payments', 'ticketing', 'notifications'];
    for (const service of [...natsServices, 'bff']) {
      const deployment = objects.find(
        (object) => object.kind === 'Deployment' && object.metadata.name === `kassa-${service}`,
      ) as K8sObject & {
        spec: {
          template: {
            spec: {
              containers: {
                env?: {
                  name: string;
                  valueFrom?: { secretKeyRef?: { name: string; key: string } };
                }[];
                volumeMounts: { mountPath: string }[];
              }[];
              volumes: { name: string; secret?: { secretName: string } }[];
            };
          };
        };
      };
      const container = deployment.spec.template.spec.containers[0]!;
      const config =
        objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name === `kassa-${service}-env`)
          ?.data ?? {};
      const password = container.env?.find((entry) => entry.name === 'NATS_PASSWORD')?.valueFrom?.secretKeyRef;
      if (service === 'bff') {
        // The BFF never talks to the bus: no user, no password, no CA.
        expect([config.NATS_USER, password]).toEqual([undefined, undefined]);
        continue;
      }
      expect(config.NATS_USER).toBe(service);
      expect(password).toEqual({ name: 'kassa-nats-users', key: service });
      expect(config.NATS_TLS_CA_FILE).toBe('/etc/kassa/nats-ca/ca.crt');
      expect(container.volumeMounts.map((mount) => mount.mountPath)).toContain('/etc/kassa/nats-ca');
      expect(
        deployment.spec.template.spec.volumes.find((volume) => volume.name === 'nats-ca')?.secret?.secretName,
      ).toBe('kassa-nats-tls');
    }
  });

  it('lists the series a live scrape must show for the dashboards and alerts to work', () => {
    const names = monitoredSeriesNames();
    expect(names).toEqual(
      expect.arrayContaining(['up', 'kassa_checkout_funnel_total', 'kassa_consumer_pending', 'kassa_quota_capacity']),
    );
    for (const name of names) expect(KNOWN_SERIES.has(name)).toBe(true);
  });
});

describe('deploy/infrastructure', () => {
  type Plan = ReturnType<typeof installPlan>;
  let plans: { dev: Plan; production: Plan };
  let rendered: { dev: K8sObject[]; production: K8sObject[] };
  const valuesFiles = readdirSync(infrastructure)
    .filter((file) => file.endsWith('.yaml'))
    .sort();
  const baseFiles = valuesFiles.filter((file) => !file.endsWith('.dev.yaml'));
  const release = (environment: 'dev' | 'production', chart: string) => {
    const found = plans[environment].releases.find((candidate) => candidate.chart === chart);
    if (!found) throw new Error(`install.sh ${environment} installs no ${chart}`);
    return found;
  };
  const environmentFiles = {
    dev: path.join(repoRoot, 'deploy/values/dev.yaml'),
    production: path.join(repoRoot, 'deploy/values/production.yaml'),
  };
  beforeAll(() => {
    plans = { dev: installPlan('dev'), production: installPlan('production') };
    rendered = { dev: renderKassa(environmentFiles.dev), production: renderKassa(environmentFiles.production) };
  });
  const envOf = (environment: 'dev' | 'production', service: string) =>
    rendered[environment].find(
      (object) => object.kind === 'ConfigMap' && object.metadata.name === `kassa-${service}-env`,
    )?.data ?? {};

  it('pins chart, repository and version in the header of every values file, and install.sh installs exactly those', () => {
    expect(baseFiles.length).toBe(8);
    for (const environment of ['dev', 'production'] as const) {
      const { releases } = plans[environment];
      expect(releases.map((entry) => path.basename(entry.valuesFiles[0]!)).sort()).toEqual(baseFiles);
      for (const entry of releases) {
        const [base, ...overrides] = entry.valuesFiles;
        const pinned = header(base!);
        expect({
          file: path.basename(base!),
          chart: entry.chart,
          repository: entry.repository,
          version: entry.version,
        }).toEqual({
          file: path.basename(base!),
          chart: pinned.chart,
          repository: pinned.repository,
          version: pinned.version,
        });
        expect({ release: entry.release, namespace: entry.namespace }).toEqual({
          release: pinned.release,
          namespace: pinned.namespace,
        });
        // dev adds <name>.dev.yaml where one exists; production uses the base files alone.
        const devFile = base!.replace(/\.yaml$/, '.dev.yaml');
        expect(overrides).toEqual(
          environment === 'dev' && valuesFiles.includes(path.basename(devFile)) ? [devFile] : [],
        );
      }
    }
    for (const file of valuesFiles) expect(() => infrastructureValues(file.replace(/\.yaml$/, ''))).not.toThrow();
    // Every dev override belongs to a base file.
    for (const file of valuesFiles.filter((candidate) => candidate.endsWith('.dev.yaml')))
      expect(baseFiles).toContain(file.replace('.dev.yaml', '.yaml'));
  });

  it("serves the HPAs' metrics from the contract's series through the Prometheus Adapter, reading the stack's Prometheus", () => {
    type Rule = {
      seriesQuery: string;
      resources: { overrides: Record<string, { resource: string }> };
      name: { matches: string; as: string };
      metricsQuery: string;
    };
    const adapter = infrastructureValues<{
      prometheus: { url: string; port: number };
      rules: { default: boolean; custom: Rule[]; external: Rule[] };
    }>('prometheus-adapter');
    const stack = release('production', 'kube-prometheus-stack');
    expect(`${adapter.prometheus.url}:${adapter.prometheus.port}`).toBe(
      `http://${stack.release}-prometheus.${stack.namespace}.svc:9090`,
    );
    expect(adapter.rules.default).toBe(false);
    const rules = [
      ...adapter.rules.custom.map((rule) => ({ rule, scope: 'pod' })),
      ...adapter.rules.external.map((rule) => ({ rule, scope: 'namespace' })),
    ];
    expect(rules.map(({ rule }) => rule.name.as).sort()).toEqual([
      'kassa_consumer_pending_messages',
      'kassa_http_requests_per_second',
      'kassa_rpc_requests_per_second',
    ]);
    for (const { rule, scope } of rules) {
      const [series] = referencedMetricNames(rule.seriesQuery);
      expect(KNOWN_SERIES.has(series!)).toBe(true);
      expect(contractViolations(rule.seriesQuery)).toEqual([]);
      expect(contractViolations(rule.metricsQuery.replace('<<.Series>>', series!).replace(/<<[^>]*>>/g, ''))).toEqual(
        [],
      );
      expect(new RegExp(rule.name.matches).test(series!)).toBe(true);
      // Per-pod rules map both labels to their objects; external rules are namespaced.
      expect(rule.resources.overrides.namespace).toEqual({ resource: 'namespace' });
      if (scope === 'pod') expect(rule.resources.overrides.pod).toEqual({ resource: 'pod' });
      // Counters become rates; a gauge every replica reports is taken once per consumer (max), then summed.
      const metric = KNOWN_SERIES.get(series!)!;
      if (metric.kind === 'gauge')
        expect(rule.metricsQuery).toMatch(/max by \(service_name, consumer\) \(<<\.Series>>/);
      else expect(rule.metricsQuery).toMatch(/rate\(<<\.Series>>\{<<\.LabelMatchers>>\}\[\d+m\]\)/);
    }
  });

  it('points NATS_URL at the NATS release over TLS, with JetStream on file storage and 3 clustered servers in production', () => {
    for (const environment of ['dev', 'production'] as const) {
      const nats = release(environment, 'nats');
      const address = url(envOf(environment, 'ordering').NATS_URL);
      // The chart names its client Service after the release when the release name contains "nats".
      expect(nats.release).toContain('nats');
      expect([address.protocol, address.hostname, address.port]).toEqual([
        'tls:',
        `${nats.release}.${nats.namespace}`,
        '4222',
      ]);
    }
    const values = infrastructureValues<{
      config: {
        cluster: { enabled: boolean; replicas: number };
        jetstream: {
          enabled: boolean;
          fileStore: { enabled: boolean; pvc: { enabled: boolean } };
          memoryStore: { enabled: boolean };
        };
        nats: { port: number; tls: { enabled: boolean; secretName: string } };
      };
    }>('nats');
    expect(values.config.nats.port).toBe(4222);
    expect(values.config.nats.tls).toEqual({ enabled: true, secretName: 'kassa-nats-tls' });
    // The services mount the CA from kassa-nats-tls in their own namespace: install.sh copies it there from the
    // servers' Secret whoever made that one (install.sh itself, or cert-manager before it ran).
    for (const environment of ['dev', 'production'] as const)
      expect(plans[environment].text).toMatch(
        /^kubectl create secret generic kassa-nats-tls --namespace kassa --from-literal=ca\.crt=<ca\.crt of kassa-nats-tls in kassa-data>/m,
      );
    expect(values.config.cluster).toMatchObject({ enabled: true, replicas: 3 });
    expect(values.config.jetstream).toMatchObject({
      enabled: true,
      fileStore: { enabled: true, pvc: { enabled: true } },
      memoryStore: { enabled: false },
    });
    // Production's streams are kept on every server of that cluster; more copies than servers would fail start-up.
    expect(envOf('production', 'ordering').NATS_STREAM_REPLICAS).toBe(String(values.config.cluster.replicas));
  });

  it("makes caller keys as the platform derives them: each workload its own secret, each service every caller's key derived for it", () => {
    const literals = execFileSync('bash', [path.join(infrastructure, 'caller-keys.sh')], { encoding: 'utf8' })
      .trim()
      .split('\n');
    const entries = new Map(
      literals.map((line) => {
        const match = /^--from-literal=([a-z-]+)=(.+)$/.exec(line);
        if (!match) throw new Error(`not a literal: ${line}`);
        return [match[1]!, match[2]!] as const;
      }),
    );
    const callers: CallerKey[] = WORKLOADS.map((workload) => ({
      workload,
      secret: parseKey(entries.get(workload) ?? ''),
    }));
    expect(new Set(callers.map((caller) => caller.secret.toString('hex'))).size).toBe(WORKLOADS.length);
    const services = WORKLOADS.filter((workload) => workload !== 'bff');
    expect([...entries.keys()].sort()).toEqual(
      [...WORKLOADS, ...services.map((service) => `verifiers-${service}`)].sort(),
    );
    for (const service of services)
      expect([service, entries.get(`verifiers-${service}`)]).toEqual([service, verifiersText(service, callers)]);
  });

  it('points REDIS_URL at the Valkey release: in plain environment for dev, from a Secret install.sh writes in production', () => {
    const valkey = (environment: 'dev' | 'production') => release(environment, 'valkey');
    const fullname = infrastructureValues<{ fullnameOverride: string }>('valkey').fullnameOverride;
    const dev = url(envOf('dev', 'ordering').REDIS_URL);
    expect([dev.protocol, dev.hostname, dev.port]).toEqual([
      'redis:',
      `${fullname}.${valkey('dev').namespace}`,
      '6379',
    ]);
    expect(infrastructureValues<{ auth: { enabled: boolean } }>('valkey.dev').auth.enabled).toBe(false);

    // Production: a password, so REDIS_URL is a secretKeyRef and no ConfigMap carries it.
    expect(
      infrastructureValues<{ auth: { enabled: boolean; usersExistingSecret: string } }>('valkey').auth,
    ).toMatchObject({ enabled: true, usersExistingSecret: 'kassa-valkey-users' });
    for (const configMap of rendered.production.filter((object) => object.kind === 'ConfigMap'))
      expect(configMap.data?.REDIS_URL).toBeUndefined();
    const deployments = rendered.production.filter((object) => object.kind === 'Deployment') as unknown as {
      spec: {
        template: {
          spec: {
            containers: { env?: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[] }[];
          };
        };
      };
    }[];
    for (const deployment of deployments) {
      expect(
        deployment.spec.template.spec.containers[0]?.env?.find((entry) => entry.name === 'REDIS_URL')?.valueFrom
          ?.secretKeyRef,
      ).toEqual({ name: 'kassa-redis', key: 'redis-url' });
    }
    const secretLine = plans.production.text
      .split('\n')
      .find((line) => line.startsWith('kubectl create secret generic kassa-redis '));
    const secretUrl = url(/--from-literal=redis-url=(\S+)/.exec(secretLine ?? '')?.[1]);
    expect([secretUrl.hostname, secretUrl.port, secretUrl.username]).toEqual([
      `${fullname}.${valkey('production').namespace}`,
      '6379',
      'default',
    ]);
    expect(secretLine).toContain('--namespace kassa ');
    expect(plans.production.text).toMatch(
      /^kubectl create secret generic kassa-valkey-users --from-literal=default=\S+ --namespace kassa-data/m,
    );
    // BullMQ must never lose a job to eviction.
    for (const name of ['valkey', 'valkey.dev'])
      expect(infrastructureValues<{ valkeyConfig: string }>(name).valkeyConfig).toMatch(
        /^maxmemory-policy noeviction$/m,
      );
  });

  it("points OTEL_EXPORTER_OTLP_ENDPOINT at the collector's OTLP/HTTP port, and the collector exports traces to Tempo's OTLP port", () => {
    const collector = infrastructureValues<{
      fullnameOverride: string;
      ports: Record<string, { enabled: boolean; containerPort?: number; servicePort?: number }>;
      presets: { kubernetesAttributes: { enabled: boolean } };
      config: {
        receivers: { otlp: { protocols: { grpc: { endpoint: string }; http: { endpoint: string } } } };
        exporters: Record<string, { endpoint?: string; tls?: { insecure?: boolean } } | null>;
        processors: Record<string, unknown>;
        service: {
          pipelines: Record<string, { receivers: string[]; processors: string[]; exporters: string[] } | null>;
        };
      };
    }>('otel-collector');
    for (const environment of ['dev', 'production'] as const) {
      const otel = release(environment, 'opentelemetry-collector');
      const endpoint = url(envOf(environment, 'ordering').OTEL_EXPORTER_OTLP_ENDPOINT);
      expect([endpoint.protocol, endpoint.hostname, endpoint.port]).toEqual([
        'http:',
        `${collector.fullnameOverride}.${otel.namespace}`,
        '4318',
      ]);
      expect(envOf(environment, 'bff').OTEL_EXPORTER_OTLP_ENDPOINT).toBe(endpoint.href.replace(/\/$/, ''));
    }
    expect(collector.ports['otlp-http']).toMatchObject({ enabled: true, containerPort: 4318, servicePort: 4318 });
    expect(collector.config.receivers.otlp.protocols.http.endpoint).toMatch(/:4318$/);
    expect(collector.presets.kubernetesAttributes.enabled).toBe(true);

    const traces = collector.config.service.pipelines.traces!;
    expect(traces.receivers).toEqual(['otlp']);
    // memory_limiter first (refuse before running out of memory), batch last (batch what survives).
    expect(traces.processors).toEqual(['memory_limiter', 'k8sattributes', 'batch']);
    for (const processor of traces.processors) expect(Object.keys(collector.config.processors)).toContain(processor);
    expect(traces.exporters).toEqual(['otlp/tempo']);

    const tempo = release('production', 'tempo');
    const tempoValues = infrastructureValues<{
      tempo: {
        server: { http_listen_port: number };
        receivers: { otlp: { protocols: { grpc: { endpoint: string } } } };
      };
    }>('tempo');
    expect(collector.config.exporters['otlp/tempo']?.endpoint).toBe(`${tempo.release}.${tempo.namespace}:4317`);
    expect(tempoValues.tempo.receivers.otlp.protocols.grpc.endpoint).toMatch(/:4317"?$/);
    expect(Object.keys(tempoValues.tempo.receivers)).toEqual(['otlp']);
  });

  it("wires Grafana: the dashboard sidecar watches the kustomization's label everywhere, Tempo is a datasource linked to metrics and logs", () => {
    const stack = infrastructureValues<{
      grafana: {
        sidecar: {
          dashboards: {
            enabled: boolean;
            label: string;
            labelValue: string;
            searchNamespace: string;
            folderAnnotation: string;
          };
          datasources: { uid: string; exemplarTraceIdDestinations: { datasourceUid: string } };
        };
        additionalDataSources: {
          name: string;
          type: string;
          uid: string;
          url: string;
          jsonData: {
            tracesToMetrics: { datasourceUid: string; queries: { query: string }[] };
            tracesToLogsV2: { datasourceUid: string };
            serviceMap: { datasourceUid: string };
          };
        }[];
      };
    }>('kube-prometheus-stack');
    const kustomization = readYaml<{
      generatorOptions: { labels: Record<string, string>; annotations: Record<string, string> };
    }>(path.join(monitoring, 'kustomization.yaml'));
    const sidecar = stack.grafana.sidecar.dashboards;
    expect(sidecar.enabled).toBe(true);
    expect(kustomization.generatorOptions.labels[sidecar.label]).toBe(sidecar.labelValue);
    expect(sidecar.searchNamespace).toBe('ALL');
    expect(kustomization.generatorOptions.annotations[sidecar.folderAnnotation]).toBe('Kassa');

    const tempo = release('production', 'tempo');
    const port = infrastructureValues<{ tempo: { server: { http_listen_port: number } } }>('tempo').tempo.server
      .http_listen_port;
    const datasource = stack.grafana.additionalDataSources.find((candidate) => candidate.type === 'tempo')!;
    expect(datasource.url).toBe(`http://${tempo.release}.${tempo.namespace}:${port}`);
    const prometheusUid = stack.grafana.sidecar.datasources.uid;
    expect(datasource.jsonData.tracesToMetrics.datasourceUid).toBe(prometheusUid);
    expect(datasource.jsonData.serviceMap.datasourceUid).toBe(prometheusUid);
    expect(datasource.jsonData.tracesToLogsV2.datasourceUid).toBeTruthy();
    expect(stack.grafana.sidecar.datasources.exemplarTraceIdDestinations.datasourceUid).toBe(datasource.uid);
    // The trace-to-metrics queries are PromQL on the contract too ($$ is Grafana's escape for a literal $).
    for (const { query } of datasource.jsonData.tracesToMetrics.queries)
      expect(contractViolations(query.replace(/\$\$/g, '$'))).toEqual([]);
  });

  it("lets Prometheus select the ServiceMonitors and the rule by their labels and reach the services' metrics ports", () => {
    const stack = infrastructureValues<{
      prometheus: {
        prometheusSpec: {
          serviceMonitorSelector: { matchLabels: Record<string, string> };
          serviceMonitorNamespaceSelector: object;
          enableRemoteWriteReceiver: boolean;
        };
      };
    }>('kube-prometheus-stack');
    const selector = stack.prometheus.prometheusSpec.serviceMonitorSelector.matchLabels;
    expect(stack.prometheus.prometheusSpec.serviceMonitorNamespaceSelector).toEqual({});
    for (const environment of ['dev', 'production'] as const) {
      const monitors = rendered[environment].filter((object) => object.kind === 'ServiceMonitor');
      expect(monitors).toHaveLength(7);
      for (const monitor of monitors) {
        expect(serviceMonitorProblems(monitor)).toEqual([]);
        expect(selects(selector, monitor.metadata.labels)).toBe(true);
      }
      // The NetworkPolicies admit scrapes from the namespace Prometheus is installed in.
      const prometheusNamespace = release(environment, 'kube-prometheus-stack').namespace;
      const policies = rendered[environment].filter(
        (object) => object.kind === 'NetworkPolicy' && object.metadata.name !== 'kassa-default-deny-ingress',
      );
      for (const policy of policies)
        expect(JSON.stringify(policy.spec)).toContain(
          `{"matchLabels":{"kubernetes.io/metadata.name":"${prometheusNamespace}"}}`,
        );
    }
    // The other charts' ServiceMonitors carry the same label.
    expect(
      selects(
        selector,
        infrastructureValues<{ metrics: { serviceMonitor: { additionalLabels: Record<string, string> } } }>('valkey')
          .metrics.serviceMonitor.additionalLabels,
      ),
    ).toBe(true);
    expect(
      selects(
        selector,
        infrastructureValues<{ serviceMonitor: { extraLabels: Record<string, string> } }>('otel-collector')
          .serviceMonitor.extraLabels,
      ),
    ).toBe(true);
    expect(
      selects(
        selector,
        infrastructureValues<{ serviceMonitor: { additionalLabels: Record<string, string> } }>('tempo').serviceMonitor
          .additionalLabels,
      ),
    ).toBe(true);
    // Tempo's metrics generator writes into this Prometheus.
    const stackRelease = release('production', 'kube-prometheus-stack');
    const remoteWrite = url(
      infrastructureValues<{ tempo: { metricsGenerator: { remoteWriteUrl: string } } }>('tempo').tempo.metricsGenerator
        .remoteWriteUrl,
    );
    expect([remoteWrite.hostname, remoteWrite.port, remoteWrite.pathname]).toEqual([
      `${stackRelease.release}-prometheus.${stackRelease.namespace}`,
      '9090',
      '/api/v1/write',
    ]);
    expect(stack.prometheus.prometheusSpec.enableRemoteWriteReceiver).toBe(true);
  });

  it('creates one PostgreSQL role and database per service with a database, and the DATABASE_URLs pointing at the primary', () => {
    const postgres = infrastructureValues<{
      fullnameOverride: string;
      cluster: { roles: { name: string; login: boolean; passwordSecret: { name: string } }[] };
      databases: { name: string; owner: string }[];
    }>('postgresql');
    const migrated = rendered.production
      .filter((object) => object.kind === 'Job')
      .map((job) => job.metadata.labels?.['app.kubernetes.io/component']?.replace(/-migrate$/, ''))
      .sort();
    expect(migrated).toHaveLength(6);
    expect(postgres.cluster.roles.map((role) => role.name).sort()).toEqual(migrated);
    expect(postgres.databases.map((database) => [database.name, database.owner]).sort()).toEqual(
      migrated.map((name) => [name, name]),
    );
    for (const environment of ['dev', 'production'] as const) {
      const cluster = release(environment, 'cluster');
      const { text } = plans[environment];
      for (const role of postgres.cluster.roles) {
        expect(role.login).toBe(true);
        expect(text).toContain(
          `kubectl create secret generic ${role.passwordSecret.name} --type=kubernetes.io/basic-auth --from-literal=username=${role.name} `,
        );
      }
      const line = text
        .split('\n')
        .find((candidate) => candidate.startsWith('kubectl create secret generic kassa-database '))!;
      expect(line).toContain('--namespace kassa ');
      for (const service of migrated) {
        const databaseUrl = url(new RegExp(`--from-literal=${service}-database-url=(\\S+)`).exec(line)?.[1]);
        expect([
          databaseUrl.protocol,
          databaseUrl.username,
          databaseUrl.hostname,
          databaseUrl.port,
          databaseUrl.pathname,
        ]).toEqual([
          'postgresql:',
          service,
          `${postgres.fullnameOverride}-rw.${cluster.namespace}`,
          '5432',
          `/${service}`,
        ]);
      }
      // The operator is installed before the cluster that needs its CRDs.
      const order = plans[environment].releases.map((entry) => entry.chart);
      expect(order.indexOf('cloudnative-pg')).toBeLessThan(order.indexOf('cluster'));
      expect(order[0]).toBe('kube-prometheus-stack');
    }
  });

  it("installs Kassa's monitoring objects with the same kustomization the tests build, and skaffold deploys into the namespace install.sh prepares", () => {
    expect(plans.production.text).toMatch(new RegExp(`^kubectl apply -k ${monitoring.replace(/[/.]/g, '\\$&')}$`, 'm'));
    const skaffold = readYaml<{
      deploy: { helm: { releases: { namespace: string }[] } };
      profiles: { name: string; patches: { op: string; path: string; value: unknown }[] }[];
    }>(path.join(repoRoot, 'skaffold.yaml'));
    expect(skaffold.deploy.helm.releases[0]?.namespace).toBe('kassa');
    const onsale = skaffold.profiles.find((profile) => profile.name === 'onsale');
    expect(onsale?.patches).toEqual([
      { op: 'add', path: '/deploy/helm/releases/0/valuesFiles/-', value: 'deploy/values/onsale.yaml' },
    ]);
  });
});
