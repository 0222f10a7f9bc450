import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertInfrastructure } from '@kassa/platform/testing';
import { buildBffIfStale } from './build-bff';
import { artifactsDir } from './processes';
import { type Stack, startStack } from './stack';

export const STACK_FILE = join(artifactsDir, 'stack.json');

/** One platform for the whole end-to-end run: built once, started once, isolated by namespace. */
export default async function globalSetup(): Promise<void> {
  await assertInfrastructure();
  buildBffIfStale();
  const stack = await startStack('e2e', ['otlp', 'mail', 'identity', 'catalog', 'ordering', 'payments', 'ticketing', 'notifications', 'bff']);
  (globalThis as { kassaStack?: Stack }).kassaStack = stack;
  mkdirSync(artifactsDir, { recursive: true });
  writeFileSync(STACK_FILE, JSON.stringify(stack.info, null, 2));
}
