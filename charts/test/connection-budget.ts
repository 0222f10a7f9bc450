// Whether every pod's database pool fits PostgreSQL's max_connections at the autoscaling maxima of a values file:
// the chart's test and `npm run verify` ("over-budget connections") count it the same way.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { type K8sObject, type Workload, component, ofKind, render, repoRoot } from './render';

// PostgreSQL's max_connections where each values file runs (deploy/infrastructure: production's cluster, and dev's
// overrides of it), less superuser_reserved_connections (PostgreSQL's default 3) and room for the operator's instance
// manager, monitoring and an operator's psql session.
const OPERATOR_ROOM = 10;
const SUPERUSER_RESERVED = 3;

const infrastructure = (file: string) =>
  parse(readFileSync(path.join(repoRoot, 'deploy/infrastructure', file), 'utf8')) as {
    cluster: { postgresql: { parameters: { max_connections?: string } } };
  };

/** The connections the pods may hold in `environment`: max_connections less the reserved and the operator's room. */
export function connectionBudget(environment: string): number {
  const dev = infrastructure('postgresql.dev.yaml').cluster.postgresql.parameters.max_connections;
  const production = infrastructure('postgresql.yaml').cluster.postgresql.parameters.max_connections;
  return Number(environment === 'dev' ? dev : production) - SUPERUSER_RESERVED - OPERATOR_ROOM;
}

/**
 * The connections every pod can open at once, counted from the rendered objects: each Deployment of a service with a
 * database at its HPA's maximum (else its replicas) plus the rolling update's surge (maxSurge rounds up), times its
 * pool (DATABASE_POOL_MAX in its ConfigMap) plus one LISTEN connection; and each migration Job's two (the database
 * check and the migrator), which an upgrade runs beside the old pods.
 */
export function connectionsAtMaxima(objects: K8sObject[]): { total: number; byService: Record<string, number> } {
  const byService: Record<string, number> = {};
  for (const deployment of ofKind<
    Workload & { spec: { strategy?: { rollingUpdate?: { maxSurge?: string | number } } } }
  >(objects, 'Deployment')) {
    const name = component(deployment)!;
    const env = ofKind(objects, 'ConfigMap').find((object) => object.metadata.name === `kassa-${name}-env`)?.data ?? {};
    if (env.DATABASE_POOL_MAX === undefined) continue;
    const hpa = ofKind(objects, 'HorizontalPodAutoscaler').find((object) => component(object) === name) as
      { spec: { maxReplicas: number } } | undefined;
    const replicas = hpa ? hpa.spec.maxReplicas : (deployment.spec.replicas ?? 1);
    const surge = String(deployment.spec.strategy?.rollingUpdate?.maxSurge ?? '25%');
    const surgePods = surge.endsWith('%') ? Math.ceil((replicas * Number(surge.slice(0, -1))) / 100) : Number(surge);
    byService[name] = (replicas + surgePods) * (Number(env.DATABASE_POOL_MAX) + 1);
  }
  byService.migrations = ofKind(objects, 'Job').filter((job) => job.metadata.name.endsWith('-migrate')).length * 2;
  return { total: Object.values(byService).reduce((sum, count) => sum + count, 0), byService };
}

/** Connections past the budget when `files` (+ `args`) are installed in `environment`; 0 when they fit. */
export function connectionsOverBudget(environment: string, files: string[], args: string[] = []): number {
  return Math.max(0, connectionsAtMaxima(render(files, args).objects).total - connectionBudget(environment));
}
