import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = join(__dirname, '..', '..');
export const artifactsDir = join(repoRoot, '.artifacts', 'e2e');

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** Sends SIGKILL: the process gets no chance to clean up, as in a crash. */
  kill9(): Promise<void>;
  /** Sends SIGTERM and waits for a graceful exit, or sends SIGKILL after `graceMs` (default 15 s). */
  stop(graceMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

/** Starts a child whose output goes to .artifacts/e2e/<name>.log, so a failing run can be read afterwards. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd = repoRoot,
): ManagedProcess {
  mkdirSync(artifactsDir, { recursive: true });
  const log = createWriteStream(join(artifactsDir, `${name}.log`), { flags: 'a' });
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitExit = async (signal: NodeJS.Signals, ms: number) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    await exited;
    clearTimeout(timer);
  };
  return {
    name,
    child,
    exited,
    kill9: () => waitExit('SIGKILL', 5_000),
    stop: (graceMs = 15_000) => waitExit('SIGTERM', graceMs),
  };
}

/** Runs a TypeScript entry in one Node process (tsx as a loader, not its CLI's child process), so signals reach it directly. */
export function tsxProcess(name: string, entry: string, env: Record<string, string>): ManagedProcess {
  return startProcess(name, process.execPath, ['--import', 'tsx', entry], env);
}

export { freePort, freePorts } from '@kassa/platform/testing';

/** Polls an HTTP URL until it answers 2xx, failing loudly with the process's name after the timeout. */
export async function waitForHttp(
  url: string,
  what: string,
  timeoutMs = 60_000,
  process?: ManagedProcess,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (process && process.child.exitCode !== null)
      throw new Error(`${what} exited with ${process.child.exitCode}; see .artifacts/e2e/${process.name}.log`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} was not ready at ${url} after ${timeoutMs} ms (${lastError})`);
}
