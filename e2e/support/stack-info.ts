import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir } from './processes';
import type { StackInfo } from './stack';

/** The platform the global set-up started, as seen from a test file. */
export function stackInfo(): StackInfo & { bffUrl: string; mailInboxUrl: string; otlpUrl: string } {
  const info = JSON.parse(readFileSync(join(artifactsDir, 'stack.json'), 'utf8')) as StackInfo;
  if (!info.bffUrl || !info.mailInboxUrl || !info.otlpUrl) throw new Error('the end-to-end stack is incomplete; see .artifacts/e2e/*.log');
  return info as StackInfo & { bffUrl: string; mailInboxUrl: string; otlpUrl: string };
}
