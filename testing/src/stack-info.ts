import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir } from './processes';
import type { StackInfo } from './stack';

/** Where e2e/support/global-setup.ts writes the shared platform's StackInfo for the test files. */
export const STACK_FILE = join(artifactsDir, 'stack.json');

/** The platform the global set-up started, as seen from a test file. */
export function stackInfo(): StackInfo & { bffUrl: string; mailInboxUrl: string; otlpUrl: string } {
  const info = JSON.parse(readFileSync(STACK_FILE, 'utf8')) as StackInfo;
  if (!info.bffUrl || !info.mailInboxUrl || !info.otlpUrl)
    throw new Error('the end-to-end stack is incomplete; see .artifacts/e2e/*.log');
  return info as StackInfo & { bffUrl: string; mailInboxUrl: string; otlpUrl: string };
}
