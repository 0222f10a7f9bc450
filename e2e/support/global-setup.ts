import { mkdirSync, writeFileSync } from 'node:fs';
import { assertInfrastructure, bundleServiceOnce } from '@kassa/platform/testing';
import { buildBffIfStale } from '@kassa/testing/build-bff';
import { artifactsDir } from '@kassa/testing/processes';
import { STACK_FILE } from '@kassa/testing/stack-info';
import { SERVICES_WITH_DATABASES, type Stack, startStack } from '@kassa/testing/stack';

/** One platform for the whole end-to-end run: built once, started once, isolated by namespace. */
export default async function globalSetup(): Promise<void> {
  await assertInfrastructure();
  buildBffIfStale();
  // Here, in jest's own process: the test files' environments start as copies of this one's, so none bundles again.
  for (const service of SERVICES_WITH_DATABASES) bundleServiceOnce(service);
  const stack = await startStack('e2e', [
    'otlp',
    'mail',
    'identity',
    'catalog',
    'ordering',
    'payments',
    'ticketing',
    'notifications',
    'bff',
  ]);
  (globalThis as { kassaStack?: Stack }).kassaStack = stack;
  mkdirSync(artifactsDir, { recursive: true });
  writeFileSync(STACK_FILE, JSON.stringify(stack.info, null, 2));
}
