import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { CronJob } from 'kubernetes-models/batch/v1/CronJob';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Role } from 'kubernetes-models/rbac.authorization.k8s.io/v1/Role';
import { RoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1/RoleBinding';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { serviceMonitorProblems } from '../../deploy/test/prometheus-operator';
import { connectionBudget, connectionsAtMaxima } from './connection-budget';
import {
  type K8sObject,
  type Workload,
  chart,
  component,
  ensureHelm,
  environments,
  helm,
  ofKind,
  render,
  repoRoot,
  valuesArgs,
} from './render';

// Lints and renders charts/kassa with helm (fetched by scripts/tools/fetch-helm.sh) and checks every
// rendered object against its Kubernetes schema and against the platform's deployment rules.

// Environments whose Prometheus (kube-prometheus-stack) scrapes through ServiceMonitors.
const monitoredEnvironments = new Set(['dev', 'production', 'onsale']);
// Services that own a database.
const servicesWithDatabase = ['catalog', 'identity', 'notifications', 'ordering', 'payments', 'ticketing'];
const secretVariable = /^(DATABASE_URL|SMTP_URL)$|PASSWORD|SECRET|TOKEN|CREDENTIAL|_KEY$|_KEY_PREVIOUS$|VERIFIERS/;

// Every kind the chart may render, with its schema model. A Secret is deliberately absent. ServiceMonitor is a
// CRD without a kubernetes-models schema: deploy/test/prometheus-operator.ts checks its structure instead.
type Model = new (data: never) => { validate(): void };
class ServiceMonitorModel {
  constructor(private readonly data: unknown) {}
  validate(): void {
    const problems = serviceMonitorProblems(this.data);
    if (problems.length > 0) throw new Error(problems.join('\n'));
  }
}
const models: Record<string, Model> = {
  'monitoring.coreos.com/v1/ServiceMonitor': ServiceMonitorModel,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/CronJob': CronJob,
  'batch/v1/Job': Job,
  'rbac.authorization.k8s.io/v1/Role': Role,
  'rbac.authorization.k8s.io/v1/RoleBinding': RoleBinding,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
};

interface NetworkPolicyObject extends K8sObject {
  spec: {
    podSelector: { matchLabels?: Record<string, string> };
    policyTypes: string[];
    ingress?: {
      from?: { podSelector?: { matchLabels?: Record<string, string> }; namespaceSelector?: unknown }[];
      ports?: unknown[];
    }[];
  };
}

function writeValues(directory: string, name: string, content: string): string {
  const file = path.join(directory, name);
  writeFileSync(file, content);
  return file;
}

const podLabels = (workload: Workload) => workload.spec.template.metadata?.labels ?? {};
const containersOf = (workload: Workload): IContainer[] => workload.spec.template.spec?.containers ?? [];
const selects = (selector: Record<string, string> | undefined, labels: Record<string, string>) =>
  Object.entries(selector ?? {}).every(([key, value]) => labels[key] === value);
const objectKey = (object: K8sObject) => `${object.kind}/${object.metadata.name}`;
interface ServiceObject extends K8sObject {
  spec: {
    type?: string;
    clusterIP?: string;
    selector: Record<string, string>;
    ports: { name: string; port: number; targetPort: string }[];
  };
}
interface ServiceMonitorObject extends K8sObject {
  spec: {
    selector: { matchLabels: Record<string, string> };
    namespaceSelector: { matchNames: string[] };
    endpoints: { port: string; path: string }[];
  };
}

beforeAll(() => {
  ensureHelm();
  expect(helm(['version', '--short']).stdout).toMatch(/^v4\.1\.4/);
}, 150_000);

describe.each(Object.entries(environments))('charts/kassa with %s values', (environment, files) => {
  let rendered: { text: string; objects: K8sObject[] };
  let workloads: Workload[];
  beforeAll(() => {
    rendered = render(files);
    workloads = [...ofKind<Workload>(rendered.objects, 'Deployment'), ...ofKind<Workload>(rendered.objects, 'Job')];
  });

  it('passes helm lint --strict', () => {
    const lint = helm(['lint', '--strict', chart, ...valuesArgs(files)]);
    expect(lint.stderr + lint.stdout).toContain('0 chart(s) failed');
    expect(lint.status).toBe(0);
  });

  it('renders only known kinds, each valid against its Kubernetes schema', () => {
    expect(rendered.objects.length).toBeGreaterThan(10);
    for (const object of rendered.objects) {
      const Model = models[`${object.apiVersion}/${object.kind}`];
      if (!Model) throw new Error(`unexpected ${object.apiVersion} ${object.kind} ${object.metadata?.name}`);
      expect(() => new Model(object as never).validate()).not.toThrow();
    }
  });

  it('renders a workload for the BFF and each current service', () => {
    expect(ofKind(rendered.objects, 'Deployment').map(component).sort()).toEqual([
      'bff',
      'catalog',
      'identity',
      'notifications',
      'ordering',
      'payments',
      'ticketing',
    ]);
  });

  it('exposes only the BFF: one Ingress, cluster-internal Services, ingress-controller traffic to the BFF alone', () => {
    const ingresses = ofKind(rendered.objects, 'Ingress');
    expect(ingresses.map(component)).toEqual(['bff']);
    const backend = (
      ingresses[0]?.spec as { rules: { http: { paths: { backend: { service: { name: string } } }[] } }[] }
    ).rules.flatMap((rule) => rule.http.paths.map((route) => route.backend.service.name));
    expect(new Set(backend)).toEqual(new Set(['kassa-bff']));
    for (const service of ofKind(rendered.objects, 'Service')) {
      expect(service.spec?.type ?? 'ClusterIP').toBe('ClusterIP');
      expect(JSON.stringify(service.spec)).not.toMatch(/nodePort|externalIPs|loadBalancer/i);
    }
    const publicPolicies = ofKind<NetworkPolicyObject>(rendered.objects, 'NetworkPolicy').filter((policy) =>
      JSON.stringify(policy.spec.ingress ?? []).includes('ingress-nginx'),
    );
    expect(publicPolicies.map(component)).toEqual(['bff']);
  });

  it('gives every container readiness, liveness and startup probes: gRPC health for backends, HTTP for the BFF', () => {
    for (const deployment of ofKind<Workload>(rendered.objects, 'Deployment')) {
      for (const container of containersOf(deployment)) {
        expect(container.readinessProbe).toBeDefined();
        expect(container.livenessProbe).toBeDefined();
        expect(container.startupProbe).toBeDefined();
        const grpcPort = container.ports?.find((port) => port.name === 'grpc')?.containerPort;
        if (grpcPort) {
          expect(container.readinessProbe?.grpc?.port).toBe(grpcPort);
          expect(container.livenessProbe?.grpc?.port).toBe(grpcPort);
        } else {
          expect(container.readinessProbe?.httpGet?.port).toBe('http');
          expect(container.livenessProbe?.httpGet?.port).toBe('http');
        }
      }
    }
  });

  it('runs every pod as non-root on a read-only root filesystem with no capabilities and no API token', () => {
    expect(workloads.length).toBeGreaterThanOrEqual(5);
    for (const workload of workloads) {
      const pod = workload.spec.template.spec;
      expect(pod?.securityContext?.runAsNonRoot).toBe(true);
      expect(pod?.securityContext?.runAsUser).toBe(10001);
      expect(pod?.securityContext?.seccompProfile?.type).toBe('RuntimeDefault');
      expect(pod?.automountServiceAccountToken).toBe(false);
      expect(pod?.hostNetwork ?? false).toBe(false);
      const tmp = pod?.volumes?.find((volume) => volume.name === 'tmp');
      expect(tmp?.emptyDir).toBeDefined();
      for (const container of [...containersOf(workload), ...(pod?.initContainers ?? [])]) {
        const security = container.securityContext;
        expect(security?.runAsNonRoot).toBe(true);
        expect(security?.readOnlyRootFilesystem).toBe(true);
        expect(security?.allowPrivilegeEscalation).toBe(false);
        expect(security?.privileged ?? false).toBe(false);
        expect(security?.capabilities?.drop).toContain('ALL');
        expect(security?.capabilities?.add ?? []).toEqual([]);
        expect(container.volumeMounts?.find((mount) => mount.mountPath === '/tmp')?.name).toBe('tmp');
        expect(container.resources?.limits?.memory).toBeDefined();
        expect(container.resources?.requests?.cpu).toBeDefined();
      }
    }
  });

  it('renders no Secret and no secret value: credentials only as secretKeyRef to existing Secrets', () => {
    expect(rendered.text).not.toMatch(/^kind:\s*Secret\s*$/m);
    expect(rendered.text).not.toMatch(/postgres(ql)?:\/\/|smtps?:\/\/[^\s"]*@/);
    for (const configMap of ofKind(rendered.objects, 'ConfigMap')) {
      expect(Object.keys(configMap.data ?? {}).filter((key) => secretVariable.test(key))).toEqual([]);
    }
    const secretRefs = workloads
      .flatMap(containersOf)
      .flatMap((container) => container.env ?? [])
      .filter((env) => secretVariable.test(env.name));
    expect(secretRefs.map((env) => env.name)).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'KASSA_SEALING_KEY', 'KASSA_CALLER_SECRET', 'SMTP_URL']),
    );
    for (const env of secretRefs) {
      expect(env.value).toBeUndefined();
      expect(env.valueFrom?.secretKeyRef?.name).toMatch(/^kassa-(database|app|nats-users|callers)$/);
      expect(env.valueFrom?.secretKeyRef?.key).toBeTruthy();
    }
  });

  it('gives every workload its own caller secret, and each service the keys it checks calls with, from kassa-callers; migrations none', () => {
    const deployments = ofKind<Workload>(rendered.objects, 'Deployment');
    expect(deployments.map(component).sort()).toEqual([...servicesWithDatabase, 'bff'].sort());
    for (const deployment of deployments) {
      const name = component(deployment);
      const env = containersOf(deployment)[0]?.env ?? [];
      expect([name, env.find((entry) => entry.name === 'KASSA_CALLER_SECRET')?.valueFrom?.secretKeyRef]).toEqual([
        name,
        { name: 'kassa-callers', key: name },
      ]);
      const verifiers = env.find((entry) => entry.name === 'KASSA_CALLER_VERIFIERS')?.valueFrom?.secretKeyRef;
      // The BFF answers no gRPC calls: it checks none.
      expect([name, verifiers]).toEqual([
        name,
        name === 'bff' ? undefined : { name: 'kassa-callers', key: `verifiers-${name}` },
      ]);
      // The shared development root never reaches a pod.
      expect(env.some((entry) => entry.name === 'KASSA_CALLER_KEY')).toBe(false);
    }
    for (const job of ofKind<Workload>(rendered.objects, 'Job')) {
      expect(containersOf(job)[0]?.env?.some((entry) => entry.name.startsWith('KASSA_CALLER'))).toBe(false);
    }
  });

  it('runs one pre-install/pre-upgrade migration Job per service with a database, from that service image', () => {
    const jobs = ofKind<Workload>(rendered.objects, 'Job');
    const deployments = ofKind<Workload>(rendered.objects, 'Deployment');
    const withDatabase = deployments.filter((deployment) =>
      containersOf(deployment).some((container) => container.env?.some((env) => env.name === 'DATABASE_URL')),
    );
    expect(withDatabase.map(component).sort()).toEqual(servicesWithDatabase);
    expect(jobs.map((job) => job.metadata.name).sort()).toEqual(
      withDatabase.map((deployment) => `${deployment.metadata.name}-migrate`).sort(),
    );
    for (const deployment of withDatabase) {
      const job = jobs.find((candidate) => candidate.metadata.name === `${deployment.metadata.name}-migrate`)!;
      expect(job.metadata.annotations).toMatchObject({
        'helm.sh/hook': 'pre-install,pre-upgrade',
        'helm.sh/hook-delete-policy': 'before-hook-creation',
      });
      const [migrate] = containersOf(job);
      const [service] = containersOf(deployment);
      expect(migrate?.image).toBe(service?.image);
      expect(migrate?.args).toEqual(['dist/migrate.js']);
      expect(migrate?.command).toBeUndefined(); // the image's ENTRYPOINT: node --enable-source-maps
      const databaseUrl = (container?: IContainer) =>
        container?.env?.find((env) => env.name === 'DATABASE_URL')?.valueFrom;
      expect(databaseUrl(migrate)).toEqual(databaseUrl(service));
      expect(job.spec.template.spec?.restartPolicy).toBe('Never');
      // The hook's ServiceAccount exists before the release's own objects do.
      const account = rendered.objects.find(
        (object) =>
          object.kind === 'ServiceAccount' && object.metadata.name === job.spec.template.spec?.serviceAccountName,
      );
      expect(account?.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    }
  });

  it('covers every workload with a NetworkPolicy over a default deny, opening gRPC only to allowed clients', () => {
    const policies = ofKind<NetworkPolicyObject>(rendered.objects, 'NetworkPolicy');
    const defaultDeny = policies.find((policy) => policy.metadata.name === 'kassa-default-deny-ingress');
    expect(defaultDeny?.spec.policyTypes).toEqual(['Ingress']);
    expect(defaultDeny?.spec.ingress).toBeUndefined();
    for (const workload of workloads) {
      expect(selects(defaultDeny?.spec.podSelector.matchLabels, podLabels(workload))).toBe(true);
    }
    for (const deployment of ofKind<Workload>(rendered.objects, 'Deployment')) {
      const own = policies.filter(
        (policy) => policy !== defaultDeny && selects(policy.spec.podSelector.matchLabels, podLabels(deployment)),
      );
      expect(own.map((policy) => policy.metadata.name)).toEqual([deployment.metadata.name]);
      for (const rule of own[0]?.spec.ingress ?? []) {
        // A rule without `from` would admit every source.
        expect(rule.from?.length).toBeGreaterThan(0);
        expect(rule.ports?.length).toBeGreaterThan(0);
      }
    }
    // identity's gRPC port admits the BFF's pods and those of the services that ask Authorize, and nothing else.
    const identity = policies.find((policy) => policy.metadata.name === 'kassa-identity');
    const podClients = (identity?.spec.ingress ?? [])
      .flatMap((rule) => rule.from ?? [])
      .flatMap((from) => (from.podSelector ? [from.podSelector.matchLabels] : []));
    expect(podClients).toEqual(
      ['bff', 'catalog', 'ordering', 'payments', 'ticketing', 'notifications'].map((client) => ({
        'app.kubernetes.io/name': 'kassa',
        'app.kubernetes.io/instance': 'kassa',
        'app.kubernetes.io/component': client,
      })),
    );
    const catalogEnv = ofKind(rendered.objects, 'ConfigMap').find(
      (object) => object.metadata.name === 'kassa-catalog-env',
    );
    expect(catalogEnv?.data?.IDENTITY_GRPC_ADDRESS).toBe('dns:///kassa-identity:50051');
  });

  it('wires payments: the addresses of identity and ordering, its own to the BFF, ordering open to it', () => {
    const envOf = (name: string) =>
      ofKind(rendered.objects, 'ConfigMap').find((object) => object.metadata.name === `kassa-${name}-env`)?.data ?? {};
    expect(envOf('payments')).toMatchObject({
      IDENTITY_GRPC_ADDRESS: 'dns:///kassa-identity:50051',
      ORDERING_GRPC_ADDRESS: 'dns:///kassa-ordering:50053',
      PAYMENT_PROVIDER: expect.stringMatching(/^(demo|stripe)$/),
    });
    expect(envOf('ordering').IDENTITY_GRPC_ADDRESS).toBe('dns:///kassa-identity:50051');
    expect(envOf('bff').PAYMENTS_GRPC_ADDRESS).toBe('dns:///kassa-payments:50054');
    const ordering = ofKind<NetworkPolicyObject>(rendered.objects, 'NetworkPolicy').find(
      (policy) => policy.metadata.name === 'kassa-ordering',
    );
    const clients = (ordering?.spec.ingress ?? [])
      .flatMap((rule) => rule.from ?? [])
      .flatMap((from) => (from.podSelector ? [from.podSelector.matchLabels?.['app.kubernetes.io/component']] : []));
    expect(clients).toEqual(['bff', 'payments']);
  });

  it('gives each Deployment a ServiceAccount without token, a PodDisruptionBudget or HPA as configured, and its ConfigMap', () => {
    for (const deployment of ofKind<Workload>(rendered.objects, 'Deployment')) {
      const name = deployment.metadata.name;
      const account = rendered.objects.find(
        (object) => object.kind === 'ServiceAccount' && object.metadata.name === name,
      ) as (K8sObject & { automountServiceAccountToken?: boolean }) | undefined;
      expect(account?.automountServiceAccountToken).toBe(false);
      expect(deployment.spec.template.spec?.serviceAccountName).toBe(name);
      const configMap = ofKind(rendered.objects, 'ConfigMap').find((object) => object.metadata.name === `${name}-env`);
      expect(configMap?.data?.KASSA_ENV).toBeDefined();
      const hpa = ofKind(rendered.objects, 'HorizontalPodAutoscaler').find((object) => object.metadata.name === name);
      // Under an HPA the Deployment leaves replicas alone, so an upgrade does not undo scaling.
      expect(deployment.spec.replicas === undefined).toBe(hpa !== undefined);
    }
  });

  it('keeps the BFF public on its web port alone: the Ingress and the ingress controller reach http, never metrics', () => {
    const ingress = ofKind(rendered.objects, 'Ingress')[0];
    const ports = (
      ingress?.spec as { rules: { http: { paths: { backend: { service: { port: { name: string } } } }[] } }[] }
    ).rules.flatMap((rule) => rule.http.paths.map((route) => route.backend.service.port.name));
    expect(new Set(ports)).toEqual(new Set(['http']));
    const policies = ofKind<NetworkPolicyObject>(rendered.objects, 'NetworkPolicy');
    const fromIngressController = policies.flatMap((policy) =>
      (policy.spec.ingress ?? [])
        .filter((rule) => JSON.stringify(rule.from ?? []).includes('ingress-nginx'))
        .map((rule) => ({ component: component(policy), ports: rule.ports })),
    );
    expect(fromIngressController).toEqual([{ component: 'bff', ports: [{ port: 'http', protocol: 'TCP' }] }]);
  });

  it('gives backends headless Services and their clients dns:/// addresses, so gRPC calls spread over every replica', () => {
    const services = ofKind<ServiceObject>(rendered.objects, 'Service');
    const configMaps = ofKind(rendered.objects, 'ConfigMap');
    for (const service of services) {
      const hasGrpc = service.spec.ports.some((port) => port.name === 'grpc');
      // A backend's DNS name must resolve to its pods; the BFF keeps a virtual IP for the Ingress.
      expect(service.spec.clusterIP === 'None').toBe(hasGrpc);
    }
    expect(services.filter((service) => service.spec.clusterIP !== 'None').map(component)).toEqual(['bff']);
    const addresses = configMaps.flatMap((configMap) =>
      Object.entries(configMap.data ?? {})
        .filter(([key]) => key.endsWith('_GRPC_ADDRESS'))
        .map(([key, value]) => ({ owner: component(configMap), key, value })),
    );
    expect(addresses.length).toBeGreaterThanOrEqual(12);
    for (const { key, value } of addresses) {
      const match = /^dns:\/\/\/([a-z0-9-]+):(\d+)$/.exec(value);
      expect(match).not.toBeNull();
      const target = services.find((service) => service.metadata.name === match![1]);
      expect(target?.spec.clusterIP).toBe('None');
      expect(target?.spec.ports.find((port) => port.name === 'grpc')?.port).toBe(Number(match![2]));
      expect(`${component(target!)!.toUpperCase()}_GRPC_ADDRESS`).toBe(key);
    }
  });

  it('serves /metrics from every workload on a port Prometheus may reach: the BFF on its own metrics port', () => {
    const services = ofKind<ServiceObject>(rendered.objects, 'Service');
    const policies = ofKind<NetworkPolicyObject>(rendered.objects, 'NetworkPolicy');
    for (const deployment of ofKind<Workload>(rendered.objects, 'Deployment')) {
      const annotations = deployment.spec.template.metadata?.annotations ?? {};
      expect(annotations['prometheus.io/scrape']).toBe('true');
      expect(annotations['prometheus.io/path']).toBe('/metrics');
      const [container] = containersOf(deployment);
      const scraped = container?.ports?.find(
        (port) => String(port.containerPort) === annotations['prometheus.io/port'],
      );
      expect(scraped?.name).toBe(component(deployment) === 'bff' ? 'metrics' : 'http');
      // Only the monitoring namespace may reach the scrape port.
      const own = policies.find((policy) => policy.metadata.name === deployment.metadata.name);
      const rules = (own?.spec.ingress ?? []).filter((rule) =>
        JSON.stringify(rule.ports).includes(`"${scraped?.name}"`),
      );
      const monitoringRules = rules.filter((rule) =>
        JSON.stringify(rule.from).includes('"kubernetes.io/metadata.name":"observability"'),
      );
      expect(monitoringRules).toHaveLength(1);
      const service = services.find((candidate) => candidate.metadata.name === deployment.metadata.name);
      expect(service?.spec.ports.map((port) => port.name)).toContain(scraped?.name);
    }
    const bff = ofKind<Workload>(rendered.objects, 'Deployment').find((deployment) => component(deployment) === 'bff')!;
    expect(containersOf(bff)[0]?.ports?.map((port) => [port.name, port.containerPort])).toEqual([
      ['http', 3000],
      ['metrics', 9100],
    ]);
    const bffEnv = ofKind(rendered.objects, 'ConfigMap').find(
      (configMap) => configMap.metadata.name === 'kassa-bff-env',
    )?.data;
    expect(bffEnv).toMatchObject({ METRICS_PORT: '9100', PORT: '3000' });
    expect(
      ofKind(rendered.objects, 'ConfigMap')
        .filter((configMap) => configMap.data?.METRICS_PORT !== undefined)
        .map(component),
    ).toEqual(['bff']);
  });

  it('scrapes through one ServiceMonitor per workload where Prometheus Operator runs, labelled for its selector', () => {
    const monitors = ofKind<ServiceMonitorObject>(rendered.objects, 'ServiceMonitor');
    if (!monitoredEnvironments.has(environment)) {
      expect(monitors).toEqual([]);
      return;
    }
    const deployments = ofKind<Workload>(rendered.objects, 'Deployment');
    expect(monitors.map(component).sort()).toEqual(deployments.map(component).sort());
    const services = ofKind<ServiceObject>(rendered.objects, 'Service');
    for (const monitor of monitors) {
      expect(monitor.metadata.labels?.release).toBe('kube-prometheus-stack');
      expect(monitor.spec.namespaceSelector.matchNames).toEqual(['kassa']);
      const selected = services.filter((service) =>
        selects(monitor.spec.selector.matchLabels, service.metadata.labels ?? {}),
      );
      expect(selected.map((service) => service.metadata.name)).toEqual([monitor.metadata.name]);
      expect(monitor.spec.endpoints.map((endpoint) => [endpoint.port, endpoint.path])).toEqual([
        [component(monitor) === 'bff' ? 'metrics' : 'http', '/metrics'],
      ]);
      expect(selected[0]?.spec.ports.map((port) => port.name)).toContain(monitor.spec.endpoints[0]?.port);
    }
  });

  it('gives checkout (ordering) and scan (ticketing) their own HPAs wherever they run more than one pod', () => {
    const hpas = ofKind<
      K8sObject & { spec: { scaleTargetRef: { name: string }; minReplicas: number; maxReplicas: number } }
    >(rendered.objects, 'HorizontalPodAutoscaler');
    const scaled = hpas.map(component);
    if (environment === 'dev') {
      expect(scaled).toEqual([]);
      return;
    }
    expect(scaled).toEqual(expect.arrayContaining(['ordering', 'ticketing']));
    for (const hpa of hpas) {
      expect(hpa.spec.scaleTargetRef.name).toBe(hpa.metadata.name);
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    }
  });
});

describe('environment values', () => {
  it('dev runs one replica of everything with debug logs', () => {
    const { objects } = render(environments.dev);
    expect(ofKind<Workload>(objects, 'Deployment').map((deployment) => deployment.spec.replicas)).toEqual([
      1, 1, 1, 1, 1, 1, 1,
    ]);
    for (const configMap of ofKind(objects, 'ConfigMap')) {
      expect(configMap.data).toMatchObject({ LOG_LEVEL: 'debug', KASSA_ENV: 'development' });
    }
  });

  it('production scales the BFF, identity, ordering (checkout), ticketing (scan) and notifications with their own HPAs and pulls from the registry', () => {
    const { objects } = render(environments.production);
    expect(ofKind(objects, 'HorizontalPodAutoscaler').map(component).sort()).toEqual([
      'bff',
      'identity',
      'notifications',
      'ordering',
      'ticketing',
    ]);
    for (const workload of ofKind<Workload>(objects, 'Deployment')) {
      expect(containersOf(workload)[0]?.image).toMatch(/^registry\.example\.com\/kassa\/kassa-[a-z]+:0\.1\.0$/);
    }
    expect(JSON.stringify(ofKind(objects, 'Ingress')[0]?.spec)).toContain('kassa-bff-tls');
  });

  it('production takes payments with Stripe, its keys from the app Secret; dev uses the demo provider', () => {
    const payments = (objects: K8sObject[]) =>
      ofKind<Workload>(objects, 'Deployment').find((deployment) => component(deployment) === 'payments')!;
    const production = render(environments.production).objects;
    const env = containersOf(payments(production))[0]?.env ?? [];
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      expect(env.find((entry) => entry.name === name)?.valueFrom?.secretKeyRef).toMatchObject({
        name: 'kassa-app',
        key: expect.stringMatching(/^stripe-/),
      });
    }
    const envOf = (objects: K8sObject[]) =>
      ofKind(objects, 'ConfigMap').find((object) => object.metadata.name === 'kassa-payments-env')?.data;
    expect(envOf(production)?.PAYMENT_PROVIDER).toBe('stripe');
    expect(envOf(render(environments.dev).objects)?.PAYMENT_PROVIDER).toBe('demo');
  });

  describe('database connections', () => {
    it.each(Object.entries(environments))(
      "fit PostgreSQL's max_connections at every autoscaling maximum with %s values",
      (environment, files) => {
        const budget = connectionBudget(environment);
        const { total, byService } = connectionsAtMaxima(render(files).objects);
        expect(Object.keys(byService).sort()).toEqual([...servicesWithDatabase, 'migrations'].sort());
        expect({ total, byService, fits: total <= budget }).toEqual({ total, byService, fits: true });
      },
    );

    it("control: the on-sale maxima with production's pools would not fit", () => {
      const args = ['--set', 'services.ordering.database.poolMax=4', '--set', 'services.ticketing.database.poolMax=4'];
      const { total } = connectionsAtMaxima(render(environments.onsale, args).objects);
      expect(total).toBeGreaterThan(connectionBudget('onsale'));
    });
  });

  it('makes every release choose its payment provider, and refuses the demo provider in production', () => {
    const failure = (...args: string[]) => {
      const run = helm(['template', 'kassa', chart, ...args]);
      return run.status === 0 ? 'rendered' : run.stderr;
    };
    expect(failure()).toMatch(/services\.payments\.env\.PAYMENT_PROVIDER must be chosen/);
    expect(failure('--set', 'services.payments.env.PAYMENT_PROVIDER=demo')).toMatch(
      /PAYMENT_PROVIDER is demo with global\.environment production/,
    );
    expect(
      failure('--values', environments.production[0]!, '--set', 'services.payments.env.PAYMENT_PROVIDER=demo'),
    ).toMatch(/PAYMENT_PROVIDER is demo/);
    expect(failure('--set', 'services.payments.env.PAYMENT_PROVIDER=stripe')).toMatch(
      /secretEnv\.STRIPE_SECRET_KEY is required with PAYMENT_PROVIDER stripe/,
    );
    expect(failure('--set', 'services.payments.env.PAYMENT_PROVIDER=demo', '--set', 'global.environment=test')).toBe(
      'rendered',
    );
    expect(failure(...valuesArgs(environments.default))).toBe('rendered');
  });

  it('refuses caller keys in plain environment', () => {
    expect(helm(['template', 'kassa', chart, '--set', 'global.env.KASSA_CALLER_SECRET=abc']).status).not.toBe(0);
    expect(helm(['template', 'kassa', chart, '--set', 'global.env.KASSA_CALLER_VERIFIERS=bff=abc']).status).not.toBe(0);
    expect(helm(['template', 'kassa', chart, '--set', 'global.env.KASSA_CALLER_KEY=abc']).status).not.toBe(0);
  });

  it("wires ticketing: identity's address and the sealing key, its own address to the BFF", () => {
    const { objects } = render(environments.default);
    const envOf = (name: string) =>
      ofKind(objects, 'ConfigMap').find((object) => object.metadata.name === `kassa-${name}-env`)?.data ?? {};
    expect(envOf('ticketing').IDENTITY_GRPC_ADDRESS).toBe('dns:///kassa-identity:50051');
    expect(envOf('bff').TICKETING_GRPC_ADDRESS).toBe('dns:///kassa-ticketing:50055');
    const ticketing = ofKind<Workload>(objects, 'Deployment').find(
      (deployment) => component(deployment) === 'ticketing',
    )!;
    const sealing = (containersOf(ticketing)[0]?.env ?? []).find((entry) => entry.name === 'KASSA_SEALING_KEY');
    expect(sealing?.valueFrom?.secretKeyRef).toMatchObject({ name: 'kassa-app', key: 'sealing-key' });
    expect(objects.some((object) => object.kind === 'Job' && object.metadata.name === 'kassa-ticketing-migrate')).toBe(
      true,
    );
  });

  describe('scaling checkout and scan on their own', () => {
    // The components whose rendered objects differ between two renders (an object added or removed counts too).
    const changedComponents = (before: K8sObject[], after: K8sObject[]) => {
      const index = (objects: K8sObject[]) => new Map(objects.map((object) => [objectKey(object), object]));
      const [a, b] = [index(before), index(after)];
      const changed = [...new Set([...a.keys(), ...b.keys()])].filter(
        (key) => JSON.stringify(a.get(key)) !== JSON.stringify(b.get(key)),
      );
      return {
        keys: changed.sort(),
        components: [...new Set(changed.map((key) => component((a.get(key) ?? b.get(key))!)))].sort(),
      };
    };
    let production: K8sObject[];
    beforeAll(() => {
      production = render(environments.production).objects;
    });

    it('onsale.yaml widens the HPAs of ordering and ticketing, gives payments one, shrinks their pools, and changes no other service', () => {
      const onsale = render(environments.onsale).objects;
      // The pool size is in the ConfigMap, whose checksum rolls the Deployment; the migration Job reads it too.
      expect(changedComponents(production, onsale)).toEqual({
        keys: [
          'ConfigMap/kassa-ordering-env',
          'ConfigMap/kassa-payments-env',
          'ConfigMap/kassa-ticketing-env',
          'Deployment/kassa-ordering',
          'Deployment/kassa-payments',
          'Deployment/kassa-ticketing',
          'HorizontalPodAutoscaler/kassa-ordering',
          'HorizontalPodAutoscaler/kassa-payments',
          'HorizontalPodAutoscaler/kassa-ticketing',
          'Job/kassa-ordering-migrate',
          'Job/kassa-payments-migrate',
          'Job/kassa-ticketing-migrate',
        ],
        components: ['ordering', 'ordering-migrate', 'payments', 'payments-migrate', 'ticketing', 'ticketing-migrate'],
      });
      const hpa = (name: string) =>
        onsale.find((object) => objectKey(object) === `HorizontalPodAutoscaler/kassa-${name}`)?.spec;
      expect(hpa('ordering')).toMatchObject({ minReplicas: 6, maxReplicas: 40 });
      expect(hpa('ticketing')).toMatchObject({ minReplicas: 4, maxReplicas: 24 });
      // docs/PERFORMANCE.md's capacity model: about 4 payments pods for 10,000 tickets a minute.
      expect(hpa('payments')).toMatchObject({ minReplicas: 4, maxReplicas: 8 });
    });

    it.each([
      [
        'the HPA range of ordering',
        [
          '--set',
          'services.ordering.autoscaling.minReplicas=5',
          '--set',
          'services.ordering.autoscaling.maxReplicas=60',
        ],
        ['HorizontalPodAutoscaler/kassa-ordering'],
      ],
      [
        'a fixed replica count for ordering instead of its HPA',
        ['--set', 'services.ordering.autoscaling.enabled=false', '--set', 'services.ordering.replicas=8'],
        ['Deployment/kassa-ordering', 'HorizontalPodAutoscaler/kassa-ordering'],
      ],
      [
        'the HPA range of ticketing',
        ['--set', 'services.ticketing.autoscaling.maxReplicas=30'],
        ['HorizontalPodAutoscaler/kassa-ticketing'],
      ],
    ])("%s changes only that service's objects", (_case, args, keys) => {
      const component = keys[0]!.replace(/^.*kassa-/, '');
      expect(changedComponents(production, render(environments.production, args).objects)).toEqual({
        keys,
        components: [component],
      });
    });

    it("a fixed replica count is the Deployment's when the HPA is off", () => {
      const { objects } = render(environments.production, [
        '--set',
        'services.ordering.autoscaling.enabled=false',
        '--set',
        'services.ordering.replicas=8',
      ]);
      const ordering = ofKind<Workload>(objects, 'Deployment').find(
        (deployment) => component(deployment) === 'ordering',
      );
      expect(ordering?.spec.replicas).toBe(8);
      expect(ofKind(objects, 'HorizontalPodAutoscaler').map(component)).not.toContain('ordering');
    });
  });

  it('adds a service from values alone: it gets its objects and the BFF its address', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'kassa-chart-'));
    try {
      const reports = writeValues(
        directory,
        'reports.yaml',
        [
          'services:',
          '  reports:',
          '    ports: { grpc: 50057, http: 9107 }',
          '    database: { enabled: true }',
          '    allowedClients: [bff]',
        ].join('\n'),
      );
      expect(helm(['lint', '--strict', chart, '--values', reports]).status).toBe(0);
      const { objects } = render([...environments.default, reports]);
      const names = objects
        .filter((object) => component(object) === 'reports')
        .map((object) => `${object.kind}/${object.metadata.name}`);
      expect(names.sort()).toEqual([
        'ConfigMap/kassa-reports-env',
        'Deployment/kassa-reports',
        'NetworkPolicy/kassa-reports',
        'PodDisruptionBudget/kassa-reports',
        'Service/kassa-reports',
        'ServiceAccount/kassa-reports',
      ]);
      expect(objects.some((object) => object.kind === 'Job' && object.metadata.name === 'kassa-reports-migrate')).toBe(
        true,
      );
      const bffEnv = ofKind(objects, 'ConfigMap').find((object) => object.metadata.name === 'kassa-bff-env');
      expect(bffEnv?.data?.REPORTS_GRPC_ADDRESS).toBe('dns:///kassa-reports:50057');
      expect(bffEnv?.data?.TICKETING_GRPC_ADDRESS).toBe('dns:///kassa-ticketing:50055');
      expect(bffEnv?.data?.PAYMENTS_GRPC_ADDRESS).toBe('dns:///kassa-payments:50054');
      expect(bffEnv?.data?.ORDERING_GRPC_ADDRESS).toBe('dns:///kassa-ordering:50053');
      expect(bffEnv?.data?.CATALOG_GRPC_ADDRESS).toBe('dns:///kassa-catalog:50052');
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('autoscaling on what saturates first', () => {
  type Metric = {
    type: string;
    resource?: { name: string };
    pods?: { metric: { name: string }; target: { type: string; averageValue: string } };
    external?: {
      metric: { name: string; selector: { matchLabels: Record<string, string> } };
      target: { type: string; averageValue: string };
    };
  };
  type Hpa = K8sObject & { spec: { metrics: Metric[]; minReplicas: number } };
  const hpasOf = (objects: K8sObject[]) =>
    new Map(ofKind<Hpa>(objects, 'HorizontalPodAutoscaler').map((hpa) => [component(hpa)!, hpa.spec.metrics]));
  // The names the Prometheus Adapter serves (deploy/infrastructure/prometheus-adapter.yaml), by API.
  const adapter = parse(readFileSync(path.join(repoRoot, 'deploy/infrastructure/prometheus-adapter.yaml'), 'utf8')) as {
    rules: { custom: { name: { as: string } }[]; external: { name: { as: string } }[] };
  };
  const served = {
    pods: adapter.rules.custom.map((rule) => rule.name.as),
    external: adapter.rules.external.map((rule) => rule.name.as),
  };

  it('scales the BFF on its request rate and ticketing and notifications on their backlog, beside CPU, with metrics the adapter serves', () => {
    const hpas = hpasOf(render(environments.production).objects);
    for (const metrics of hpas.values())
      expect(metrics[0]).toMatchObject({ type: 'Resource', resource: { name: 'cpu' } });
    expect(hpas.get('bff')?.[1]).toEqual({
      type: 'Pods',
      pods: {
        metric: { name: 'kassa_http_requests_per_second' },
        target: { type: 'AverageValue', averageValue: '60' },
      },
    });
    for (const [service, perPod] of [
      ['ticketing', '200'],
      ['notifications', '50'],
    ] as const) {
      expect(hpas.get(service)?.[1]).toEqual({
        type: 'External',
        external: {
          metric: { name: 'kassa_consumer_pending_messages', selector: { matchLabels: { service_name: service } } },
          target: { type: 'AverageValue', averageValue: perPod },
        },
      });
    }
    // Where no target is set, CPU alone.
    expect(hpas.get('identity')).toHaveLength(1);
    for (const metrics of hpas.values()) {
      for (const metric of metrics) {
        if (metric.pods) expect(served.pods).toContain(metric.pods.metric.name);
        if (metric.external) expect(served.external).toContain(metric.external.metric.name);
      }
    }
  });

  it("gives a gRPC service the adapter's gRPC call rate, and refuses a target that is no quantity", () => {
    const hpas = hpasOf(
      render(environments.production, ['--set-string', 'services.ordering.autoscaling.targetRequestsPerSecond=40'])
        .objects,
    );
    expect(hpas.get('ordering')?.[1]?.pods?.metric.name).toBe('kassa_rpc_requests_per_second');
    expect(served.pods).toContain('kassa_rpc_requests_per_second');
    const lint = helm([
      'lint',
      '--strict',
      chart,
      ...valuesArgs(environments.production),
      '--set-string',
      'services.ordering.autoscaling.targetRequestsPerSecond=lots',
    ]);
    expect(lint.status).not.toBe(0);
    expect(lint.stdout + lint.stderr).toMatch(/targetRequestsPerSecond/);
  });

  describe('a scheduled pre-scale (charts/test/fixtures/prescale.yaml on the on-sale values)', () => {
    const files = [...environments.onsale, path.join(repoRoot, 'charts/test/fixtures/prescale.yaml')];
    type CronJobObject = K8sObject & {
      spec: {
        schedule: string;
        timeZone: string;
        jobTemplate: { spec: { template: Workload['spec']['template'] } };
      };
    };
    let objects: K8sObject[];
    let cronJobs: CronJobObject[];
    beforeAll(() => {
      objects = render(files).objects;
      cronJobs = ofKind<CronJobObject>(objects, 'CronJob');
    });

    it('passes helm lint --strict, and every object is valid against its Kubernetes schema', () => {
      const lint = helm(['lint', '--strict', chart, ...valuesArgs(files)]);
      expect(lint.status).toBe(0);
      for (const object of objects) {
        const Model = models[`${object.apiVersion}/${object.kind}`];
        if (!Model) throw new Error(`unexpected ${object.apiVersion} ${object.kind} ${object.metadata?.name}`);
        expect(() => new Model(object as never).validate()).not.toThrow();
      }
    });

    it("raises ordering's HPA floor at the window's start and sets it back to its own at the end, in the configured zone", () => {
      const hpa = ofKind<Hpa>(objects, 'HorizontalPodAutoscaler').find((object) => component(object) === 'ordering')!;
      const patches = cronJobs.map((job) => {
        const container = job.spec.jobTemplate.spec.template.spec!.containers[0]!;
        return {
          name: job.metadata.name,
          schedule: job.spec.schedule,
          timeZone: job.spec.timeZone,
          command: [...(container.command ?? []), ...(container.args ?? [])],
        };
      });
      const patch = (replicas: number) => [
        'kubectl',
        'patch',
        'horizontalpodautoscaler',
        hpa.metadata.name,
        '--namespace=kassa',
        '--type=merge',
        `--patch={"spec":{"minReplicas":${replicas}}}`,
      ];
      expect(patches).toEqual([
        {
          name: 'kassa-ordering-prescale-summer-onsale-from',
          schedule: '45 9 1 3 *',
          timeZone: 'Europe/Amsterdam',
          command: patch(20),
        },
        {
          name: 'kassa-ordering-prescale-summer-onsale-until',
          schedule: '0 12 1 3 *',
          timeZone: 'Europe/Amsterdam',
          command: patch(hpa.spec.minReplicas),
        },
      ]);
      expect(hpa.spec.minReplicas).toBe(6);
    });

    it('runs kubectl as a ServiceAccount that may read and patch that one HPA and nothing else, hardened like every pod', () => {
      const roles = ofKind<
        K8sObject & { rules: { apiGroups: string[]; resources: string[]; resourceNames: string[]; verbs: string[] }[] }
      >(objects, 'Role');
      expect(roles.map((role) => [role.metadata.name, role.rules])).toEqual([
        [
          'kassa-ordering-prescale',
          [
            {
              apiGroups: ['autoscaling'],
              resources: ['horizontalpodautoscalers'],
              resourceNames: ['kassa-ordering'],
              verbs: ['get', 'patch'],
            },
          ],
        ],
      ]);
      const binding = ofKind<
        K8sObject & { roleRef: { name: string }; subjects: { kind: string; name: string; namespace: string }[] }
      >(objects, 'RoleBinding');
      expect(binding.map((object) => [object.roleRef.name, object.subjects])).toEqual([
        ['kassa-ordering-prescale', [{ kind: 'ServiceAccount', name: 'kassa-ordering-prescale', namespace: 'kassa' }]],
      ]);
      for (const job of cronJobs) {
        const pod = job.spec.jobTemplate.spec.template.spec!;
        expect(pod.serviceAccountName).toBe('kassa-ordering-prescale');
        expect(pod.automountServiceAccountToken).toBe(true);
        expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001 });
        const security = pod.containers[0]!.securityContext!;
        expect(security).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
        expect(security.capabilities?.drop).toContain('ALL');
      }
      // Every other pod of the chart still runs without a token.
      const deployments = ofKind<Workload>(objects, 'Deployment');
      for (const workload of deployments) expect(workload.spec.template.spec?.automountServiceAccountToken).toBe(false);
    });

    it("never lets the service's Service, PodDisruptionBudget or NetworkPolicy select the pre-scale pods, and changes nothing else", () => {
      const podLabelsOf = (job: CronJobObject) => job.spec.jobTemplate.spec.template.metadata?.labels ?? {};
      type Selecting = K8sObject & {
        spec: { selector?: Record<string, unknown>; podSelector?: { matchLabels?: Record<string, string> } };
      };
      for (const job of cronJobs) {
        const labels = podLabelsOf(job);
        for (const service of ofKind<Selecting>(objects, 'Service'))
          expect(selects(service.spec.selector as Record<string, string>, labels)).toBe(false);
        for (const budget of ofKind<Selecting>(objects, 'PodDisruptionBudget'))
          expect(selects((budget.spec.selector as { matchLabels: Record<string, string> }).matchLabels, labels)).toBe(
            false,
          );
        const allowing = ofKind<Selecting>(objects, 'NetworkPolicy').filter(
          (policy) =>
            selects(policy.spec.podSelector?.matchLabels, labels) &&
            !policy.metadata.name.endsWith('default-deny-ingress'),
        );
        expect(allowing.map((policy) => policy.metadata.name)).toEqual([]);
      }
      const before = new Set(render(environments.onsale).objects.map(objectKey));
      const added = objects.filter((object) => !before.has(objectKey(object)));
      expect(added.map(component)).toEqual(Array(added.length).fill('ordering-prescale'));
      expect(objects.length - added.length).toBe(before.size);
    });

    it.each([
      [
        'a floor above the HPA maximum',
        ['--set', 'services.ordering.autoscaling.prescale[0].minReplicas=41'],
        'minReplicas 41 is above maxReplicas 40',
      ],
      [
        'a pre-scale without an HPA',
        ['--set', 'services.ordering.autoscaling.enabled=false'],
        'needs autoscaling.enabled',
      ],
    ])('refuses %s', (_case, args, message) => {
      const run = helm(['template', 'kassa', chart, ...valuesArgs(files), ...args]);
      expect(run.status).not.toBe(0);
      expect(run.stderr).toContain(message);
    });

    it('refuses a schedule that is no cron expression', () => {
      const lint = helm([
        'lint',
        '--strict',
        chart,
        ...valuesArgs(files),
        '--set-string',
        'services.ordering.autoscaling.prescale[0].from=tomorrow',
      ]);
      expect(lint.status).not.toBe(0);
      expect(lint.stdout + lint.stderr).toMatch(/prescale/);
    });
  });
});

describe('values that helm lint --strict refuses', () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'kassa-chart-bad-'));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it.each([
    ['a replica count that is not a number', 'services:\n  identity:\n    replicas: two\n', /replicas.*want integer/],
    ['a misspelt key', 'services:\n  identity:\n    replica: 2\n', /additional properties 'replica' not allowed/],
    [
      'a credential in plain environment',
      'global:\n  env:\n    DATABASE_URL: postgres://kassa:pw@db/kassa\n',
      /invalid propertyName 'DATABASE_URL'/,
    ],
    [
      'an Ingress on a backend service',
      'services:\n  identity:\n    ingress:\n      enabled: true\n',
      /services\/identity/,
    ],
    [
      'a new service without an http port',
      'services:\n  waitlist:\n    ports:\n      grpc: 50057\n',
      /services\/waitlist/,
    ],
    ['a gRPC probe on the BFF', 'services:\n  bff:\n    probes:\n      readiness: grpc\n', /services\/bff/],
  ])('%s', (_case, content, message) => {
    const lint = helm(['lint', '--strict', chart, '--values', writeValues(directory, 'bad.yaml', content)]);
    expect(lint.status).not.toBe(0);
    expect(lint.stdout + lint.stderr).toMatch(message);
  });

  it('fails to render a service whose metrics port is its http port', () => {
    const run = helm(['template', 'kassa', chart, '--set', 'services.bff.ports.metrics=3000']);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('services.bff.ports: grpc, http and metrics must be different ports');
  });

  it('refuses a misspelt monitoring key', () => {
    const lint = helm([
      'lint',
      '--strict',
      chart,
      '--values',
      writeValues(directory, 'bad.yaml', 'monitoring:\n  serviceMonitor:\n    enable: true\n'),
    ]);
    expect(lint.status).not.toBe(0);
    expect(lint.stdout + lint.stderr).toMatch(/additional properties 'enable' not allowed/);
  });

  it('fails to render a client that is not a service (helm lint does not run `fail`, helm template does)', () => {
    const run = helm(['template', 'kassa', chart, '--set', 'services.identity.allowedClients={waitlist}']);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('"waitlist" is not an enabled service');
  });
});

describe('image recipes and skaffold.yaml agree with the chart', () => {
  const serviceDockerfile = readFileSync(path.join(repoRoot, 'deploy/docker/service.Dockerfile'), 'utf8');
  const bffDockerfile = readFileSync(path.join(repoRoot, 'bff/Dockerfile'), 'utf8');

  it('runs both images as uid 10001 with the entry points the chart relies on', () => {
    for (const dockerfile of [serviceDockerfile, bffDockerfile]) {
      expect(dockerfile).toMatch(/^USER 10001:10001$/m);
      expect(dockerfile).toMatch(/^FROM \$\{NODE_IMAGE\} AS runtime$/m);
      expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    }
    expect(serviceDockerfile).toContain('ENTRYPOINT ["node", "--enable-source-maps"]');
    expect(serviceDockerfile).toContain('CMD ["dist/main.js"]');
    expect(serviceDockerfile).toContain('node scripts/build/bundle-service.mjs "$SERVICE"');
    expect(bffDockerfile).toContain('CMD ["node", "bff/server.js"]');
  });

  it('parses skaffold.yaml and builds and wires an image for every Deployment', () => {
    const skaffold = parse(readFileSync(path.join(repoRoot, 'skaffold.yaml'), 'utf8')) as {
      apiVersion: string;
      build: { artifacts: { image: string; docker: { dockerfile: string; buildArgs?: Record<string, string> } }[] };
      deploy: { helm: { releases: { chartPath: string; setValueTemplates: Record<string, string> }[] } };
      profiles: { name: string; patches: { path: string; value: unknown }[] }[];
    };
    expect(skaffold.apiVersion).toMatch(/^skaffold\/v4beta\d+$/);
    const { objects } = render(environments.default);
    const deployedImages = ofKind<Workload>(objects, 'Deployment').map(
      (deployment) => containersOf(deployment)[0]?.image?.split(':')[0],
    );
    expect(skaffold.build.artifacts.map((artifact) => artifact.image).sort()).toEqual(deployedImages.sort());
    for (const artifact of skaffold.build.artifacts) {
      expect(existsSync(path.join(repoRoot, artifact.docker.dockerfile))).toBe(true);
      const service = artifact.image.replace(/^kassa-/, '');
      if (artifact.docker.dockerfile === 'deploy/docker/service.Dockerfile')
        expect(artifact.docker.buildArgs).toEqual({ SERVICE: service });
      const variable = artifact.image.replace(/-/g, '_');
      expect(skaffold.deploy.helm.releases[0]?.setValueTemplates).toMatchObject({
        [`services.${service}.image.repository`]: `{{.IMAGE_REPO_${variable}}}`,
        [`services.${service}.image.tag`]: `{{.IMAGE_TAG_${variable}}}`,
      });
    }
    expect(skaffold.deploy.helm.releases[0]?.chartPath).toBe('charts/kassa');
    const valuesFileOf = (profile: string) =>
      skaffold.profiles
        .find((candidate) => candidate.name === profile)
        ?.patches.find((patch) => patch.path.endsWith('/valuesFiles'))?.value;
    expect(valuesFileOf('dev')).toEqual(['deploy/values/dev.yaml']);
    expect(valuesFileOf('production')).toEqual(['deploy/values/production.yaml']);
  });
});
