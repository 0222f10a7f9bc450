// docs/OPERATIONS.md tells an operator what the chart and the install script do; this holds the three to each other
// where they name the same thing: the Kubernetes version, each service's database and ports, and the Secrets.
// Each check reads the documents and files themselves, so a change to one without the others fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { BFF_PART, SERVICE_NAMES, SERVICE_TOPOLOGY, callersOf } from '@kassa/platform/topology';

const root = join(__dirname, '..', '..', '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const operations = read('docs/OPERATIONS.md');
const chart = parse(read('charts/kassa/Chart.yaml')) as { kubeVersion: string };
const values = parse(read('charts/kassa/values.yaml')) as {
  global: { secrets: Record<string, string>; natsTls: { caSecret: string } };
  services: Record<
    string,
    {
      ports?: { grpc?: number; http?: number; metrics?: number };
      database?: { enabled?: boolean };
      allowedClients?: string[];
    }
  >;
};
const install = read('deploy/infrastructure/install.sh');
const postgres = parse(read('deploy/infrastructure/postgresql.yaml')) as { databases: { name: string }[] };

/** The rows of the "What runs" table: part (first word), gRPC, HTTP and database cells. */
function whatRuns(): { part: string; grpc: string; http: string; database: string }[] {
  const section = operations.split('## What runs')[1]!.split('\n## ')[0]!;
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| part') && !line.startsWith('|---'))
    .map((line) => {
      const [part, grpc, http, database] = line
        .split('|')
        .slice(1)
        .map((cell) => cell.trim());
      return { part: part!.split(' ')[0]!, grpc: grpc!, http: http!, database: database!.replace(/`/g, '') };
    });
}

const servicesWithDatabases = Object.entries(values.services)
  .filter(([, service]) => service.database?.enabled)
  .map(([name]) => name);

it('OPERATIONS asks for the Kubernetes version the chart requires', () => {
  const required = /^>=\s*(\d+\.\d+)/.exec(chart.kubeVersion)?.[1];
  expect(required).toBeDefined();
  expect(operations.match(/Kubernetes (\d+\.\d+) or later/g)).toEqual([`Kubernetes ${required} or later`]);
});

it('each service has the same database in OPERATIONS, the install script and the PostgreSQL cluster', () => {
  const scriptServices = /^database_services=\(([^)]*)\)/m.exec(install)?.[1]?.split(/\s+/).filter(Boolean);
  expect(scriptServices).toEqual(servicesWithDatabases);
  expect(postgres.databases.map((database) => database.name)).toEqual(servicesWithDatabases);
  // install.sh writes each URL with the database named after the service.
  expect(install).toContain(
    '$service-database-url=postgresql://$service:$service_password@kassa-postgres-rw.$data_namespace:5432/$service',
  );
  const documented = Object.fromEntries(whatRuns().map((row) => [row.part, row.database]));
  for (const service of servicesWithDatabases)
    expect({ service, database: documented[service] }).toEqual({ service, database: service });
  expect(operations.replace(/\s+/g, ' ')).toContain(
    `own PostgreSQL role and database (${servicesWithDatabases.map((name) => `\`${name}\``).join(', ')};`,
  );
});

it('each service has the same ports in OPERATIONS and the chart', () => {
  const rows = whatRuns();
  for (const [name, service] of Object.entries(values.services)) {
    if (!service.ports?.grpc) continue;
    const row = rows.find((candidate) => candidate.part === name);
    expect({ name, grpc: row?.grpc, http: row?.http }).toEqual({
      name,
      grpc: String(service.ports.grpc),
      http: String(service.ports.http),
    });
  }
});

it("the chart runs the topology (@kassa/platform/topology): each service's ports, and who may call it", () => {
  const chartServices = Object.keys(values.services).filter((name) => name !== 'bff');
  expect(chartServices.sort()).toEqual([...SERVICE_NAMES].sort());
  for (const service of SERVICE_NAMES) {
    const inChart = values.services[service]!;
    expect({ service, ports: inChart.ports, callers: [...(inChart.allowedClients ?? [])].sort() }).toEqual({
      service,
      ports: { grpc: SERVICE_TOPOLOGY[service].grpcPort, http: SERVICE_TOPOLOGY[service].httpPort },
      callers: ['bff', ...callersOf(service)].sort(),
    });
  }
  expect(values.services.bff!.ports).toMatchObject({ http: BFF_PART.port, metrics: BFF_PART.metricsPort });
});

it('every Secret the chart refers to is named in OPERATIONS, made by the install script or by the operator, and the same in every values file', () => {
  const secrets = { ...values.global.secrets, natsTls: values.global.natsTls.caSecret };
  for (const [role, name] of Object.entries(secrets)) {
    expect({ role, documented: operations.includes(`\`${name}\``) }).toEqual({ role, documented: true });
    // The operators make the app Secret (OPERATIONS, "Secrets": "create `kassa-app`"); the script makes the others.
    const made =
      role === 'app'
        ? new RegExp(`create\\s+\`${name}\``).test(operations)
        : install
            .split('\n')
            .some((line) => /ensure_secret|create secret/.test(line) && new RegExp(`\\b${name}\\b`).test(line));
    expect({ role, name, made }).toEqual({ role, name, made: true });
  }
  for (const file of ['deploy/values/dev.yaml', 'deploy/values/production.yaml']) {
    const overrides = (parse(read(file)) as { global?: { secrets?: Record<string, string> } }).global?.secrets ?? {};
    for (const [role, name] of Object.entries(overrides))
      expect({ file, role, name }).toEqual({ file, role, name: values.global.secrets[role] });
  }
});

it('every Secret a comment of the deployment files names is one the chart refers to or the install script makes', () => {
  // "kassa-postgres-<service>" in a comment, "kassa-postgres-$service" in the script: both become kassa-postgres-*.
  const pattern = (name: string) => name.replace(/(<[a-z]+>|\$[a-z_]+)$/, '*');
  const made = install
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#') && /secret/i.test(line))
    .flatMap((line) => [...line.matchAll(/\bkassa-[a-z0-9-]+(?:\$[a-z_]+)?/g)].map(([name]) => pattern(name)));
  const known = new Set([...made, ...Object.values(values.global.secrets), values.global.natsTls.caSecret]);
  const files = [
    'charts/kassa/values.yaml',
    'deploy/infrastructure/install.sh',
    'deploy/values/dev.yaml',
    'deploy/values/production.yaml',
    ...readdirSync(join(root, 'deploy', 'infrastructure'))
      .filter((name) => name.endsWith('.yaml'))
      .map((name) => `deploy/infrastructure/${name}`),
  ];
  const named = files.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line) => {
        const comment = /#(.*)$/.exec(line)?.[1] ?? '';
        return [...comment.matchAll(/\bSecrets?:?\s+`?(kassa-[a-z0-9-]+(?:<[a-z]+>)?)/g)].map(([, name]) => ({
          file,
          name: pattern(name!),
        }));
      }),
  );
  expect(named.length).toBeGreaterThanOrEqual(5);
  expect(named.filter(({ name }) => !known.has(name))).toEqual([]);
  // The check trips on a Secret nobody makes.
  expect(known.has(pattern('kassa-valkey-password'))).toBe(false);
});
