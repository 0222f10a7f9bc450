// Renders the chart as `helm template` does (helm from scripts/tools/fetch-helm.sh), for the chart's tests and for
// `npm run verify`'s connection budget.
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { IPodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';

export const repoRoot = path.resolve(__dirname, '../..');
export const chart = path.join(repoRoot, 'charts/kassa');
const helmBinary = path.join(repoRoot, '.tools/bin/helm');

/** The values files of each environment the chart is installed with. */
export const environments = {
  default: [path.join(repoRoot, 'charts/test/fixtures/payment-provider.yaml')],
  dev: [path.join(repoRoot, 'deploy/values/dev.yaml')],
  production: [path.join(repoRoot, 'deploy/values/production.yaml')],
  onsale: [path.join(repoRoot, 'deploy/values/production.yaml'), path.join(repoRoot, 'deploy/values/onsale.yaml')],
};

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}
export interface Workload extends K8sObject {
  spec: { replicas?: number; template: IPodTemplateSpec };
}

/** Fetches helm into .tools/bin when it is not there yet (scripts/tools/fetch-helm.sh). */
export function ensureHelm(): void {
  execFileSync('bash', [path.join(repoRoot, 'scripts/tools/fetch-helm.sh')], {
    cwd: repoRoot,
    stdio: 'pipe',
    timeout: 120_000,
  });
}

export function helm(args: string[]) {
  const run = spawnSync(helmBinary, args, { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

export function valuesArgs(files: string[]): string[] {
  return files.flatMap((file) => ['--values', file]);
}

export function render(files: string[], extraArgs: string[] = []): { text: string; objects: K8sObject[] } {
  const run = helm(['template', 'kassa', chart, '--namespace', 'kassa', ...valuesArgs(files), ...extraArgs]);
  if (run.status !== 0) throw new Error(`helm template failed:\n${run.stderr}`);
  const objects = parseAllDocuments(run.stdout)
    .map((document) => {
      if (document.errors.length > 0) throw new Error(`rendered YAML does not parse: ${document.errors[0]?.message}`);
      return document.toJS() as K8sObject | null;
    })
    .filter((object): object is K8sObject => object !== null);
  return { text: run.stdout, objects };
}

export const ofKind = <T extends K8sObject = K8sObject>(objects: K8sObject[], kind: string) =>
  objects.filter((object) => object.kind === kind) as T[];
export const component = (object: K8sObject) => object.metadata.labels?.['app.kubernetes.io/component'];
