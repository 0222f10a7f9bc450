/**
 * Kills the process on the spot when KASSA_CRASH_POINT names this point, as a power cut would.
 * Fault tests use it to stop a process at an exact step boundary (after a commit, before a publish)
 * rather than hoping a timed kill lands there. Without the variable it does nothing.
 */
export function crashPoint(name: string, env: NodeJS.ProcessEnv = process.env): void {
  if (env.KASSA_CRASH_POINT !== name) return;
  process.kill(process.pid, 'SIGKILL');
}
