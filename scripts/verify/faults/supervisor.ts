// The supervisor of the faults section: while buyers keep buying, it kills one process after another with SIGKILL
// (the whole Node process: a service's gRPC server, consumers, job workers and its outbox relay, which runs inside
// the service's own process), starts it again after a short delay as a Deployment would, and in between restarts
// PostgreSQL, Redis and NATS. The schedule is a plain list, so its shape is tested without any process.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Infrastructure,
  INFRASTRUCTURE,
  type InfrastructureRestart,
  restartInfrastructure,
} from './infrastructure';

/** What the supervisor kills: the saga's services (each with its in-process outbox relay) and the BFF. */
export type KillTarget = 'ordering' | 'payments' | 'ticketing' | 'notifications' | 'bff';

export const KILL_TARGETS: readonly KillTarget[] = ['ordering', 'payments', 'ticketing', 'notifications', 'bff'];

export type FaultStep = { kind: 'kill'; target: KillTarget } | { kind: 'restart'; what: Infrastructure };

/**
 * `kills` kills, round-robin over the targets, with the infrastructure restarts spread evenly between them (never
 * before the first kill nor after the last, so each restart meets a flow that is already disturbed and still
 * running).
 */
export function faultSchedule(
  kills: number,
  targets: readonly KillTarget[] = KILL_TARGETS,
  infrastructure: readonly Infrastructure[] = INFRASTRUCTURE,
): FaultStep[] {
  if (kills < 1 || targets.length === 0) throw new Error('a schedule needs at least one kill and one target');
  const steps: FaultStep[] = [];
  // The restart with index i comes after kill number round((i + 1) * kills / (n + 1)), at least 1 and at most kills - 1.
  const after = infrastructure.map((_, index) =>
    Math.min(Math.max(1, Math.round(((index + 1) * kills) / (infrastructure.length + 1))), Math.max(1, kills - 1)),
  );
  for (let kill = 1; kill <= kills; kill += 1) {
    steps.push({ kind: 'kill', target: targets[(kill - 1) % targets.length]! });
    infrastructure.forEach((what, index) => {
      if (after[index] === kill) steps.push({ kind: 'restart', what });
    });
  }
  return steps;
}

/** A process the supervisor can kill and start again (the stack's adapter gives one per target). */
export interface Supervised {
  /** SIGKILL and wait until it is gone; resolves with the signal that ended it. */
  kill9(target: KillTarget): Promise<NodeJS.Signals | null>;
  /** Starts it again and waits until it is ready. */
  start(target: KillTarget): Promise<void>;
}

export interface SupervisorOptions {
  /** Between the kill and the start, as a Deployment's restart would take (default 1 s). */
  restartDelayMs?: number;
  /** After each step, time for the platform to serve load again before the next fault (default 2 s). */
  pauseMs?: number;
  /** How long an infrastructure server stays down (default 2 s). */
  infrastructureDownMs?: number;
  /** Stops the schedule early (the steps done so far are reported). */
  signal?: AbortSignal;
  log?: (line: string) => void;
  /** Injected in unit tests. */
  restart?: (what: Infrastructure, downMs: number) => Promise<InfrastructureRestart>;
}

export interface KillRecord {
  target: KillTarget;
  /** The signal that ended the process: SIGKILL when the kill was a kill -9. */
  signal: NodeJS.Signals | null;
  at: number;
  /** From the kill until the new process was ready. */
  outageMs: number;
}

export interface SupervisorReport {
  kills: KillRecord[];
  restarts: InfrastructureRestart[];
  durationMs: number;
}

/** Runs the schedule step by step; a step that fails (a process that does not come back) throws. */
export async function supervise(
  schedule: readonly FaultStep[],
  processes: Supervised,
  options: SupervisorOptions = {},
): Promise<SupervisorReport> {
  const log = options.log ?? (() => undefined);
  const restart = options.restart ?? restartInfrastructure;
  const report: SupervisorReport = { kills: [], restarts: [], durationMs: 0 };
  const begun = Date.now();
  for (const [index, step] of schedule.entries()) {
    if (options.signal?.aborted) break;
    if (step.kind === 'kill') {
      const at = Date.now();
      const signal = await processes.kill9(step.target);
      await sleep(options.restartDelayMs ?? 1_000);
      await processes.start(step.target);
      report.kills.push({ target: step.target, signal, at, outageMs: Date.now() - at });
      log(
        `fault ${index + 1}/${schedule.length}: kill -9 ${step.target} (${signal}), back after ${Date.now() - at} ms`,
      );
    } else {
      const restarted = await restart(step.what, options.infrastructureDownMs ?? 2_000);
      report.restarts.push(restarted);
      log(`fault ${index + 1}/${schedule.length}: ${step.what} stopped and started, back after ${restarted.downMs} ms`);
    }
    await sleep(options.pauseMs ?? 2_000);
  }
  report.durationMs = Date.now() - begun;
  return report;
}
