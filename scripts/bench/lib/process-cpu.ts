// CPU time per process, read from /proc: what one side of a benchmark costs in each process it crosses (the BFF,
// each service, PostgreSQL's backends, Redis, NATS, and the load generator itself), as CPU milliseconds per request.
// A process's utime + stime (fields 14 and 15 of /proc/<pid>/stat, in clock ticks) is read before and after the side;
// a process that started during the side counts from zero, one that ended during it is lost (PostgreSQL's
// short-lived connections; the benchmarks keep theirs open). Ticks are 10 ms, so a side needs a few hundred requests.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = Number.parseInt(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim(), 10) || 100;

interface ProcessStat {
  pid: number;
  parentPid: number;
  command: string;
  ticks: number;
}

function readProcesses(): Map<number, ProcessStat> {
  const all = new Map<number, ProcessStat>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let text: string;
    try {
      text = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended between the listing and the read
    }
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after its last ')'.
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    const pid = Number(entry);
    all.set(pid, {
      pid,
      parentPid: Number(fields[1]),
      command: text.slice(text.indexOf('(') + 1, close),
      ticks: Number(fields[11]) + Number(fields[12]),
    });
  }
  return all;
}

/** A named set of processes, chosen afresh at each reading (PostgreSQL forks a backend per connection). */
export interface ProcessGroup {
  name: string;
  select(processes: Map<number, ProcessStat>): number[];
}

/** A process and every process below it (next start's workers, say). */
export function processTree(name: string, rootPid: number): ProcessGroup {
  return {
    name,
    select(processes) {
      const chosen = [rootPid];
      for (let index = 0; index < chosen.length; index++) {
        for (const stat of processes.values()) if (stat.parentPid === chosen[index]) chosen.push(stat.pid);
      }
      return chosen.filter((pid) => processes.has(pid));
    },
  };
}

/** Every process whose command name (/proc/<pid>/comm) is one of these: postgres, redis-server, nats-server. */
export function processesNamed(name: string, ...commands: string[]): ProcessGroup {
  return {
    name,
    select: (processes) =>
      [...processes.values()].filter((stat) => commands.includes(stat.command)).map((stat) => stat.pid),
  };
}

/** The shared servers every benchmark crosses, and the benchmark's own process with the pgbench it runs. */
export function serverGroups(): ProcessGroup[] {
  return [
    processesNamed('PostgreSQL', 'postgres'),
    processesNamed('Redis', 'redis-server'),
    processesNamed('NATS', 'nats-server'),
    {
      name: 'load generator',
      select: (processes) => [
        process.pid,
        ...[...processes.values()].filter((stat) => stat.command === 'pgbench').map((stat) => stat.pid),
      ],
    },
  ];
}

/** CPU milliseconds each group spent over one side of a benchmark, and that side's request count. */
export interface CpuReading {
  side: string;
  requests: number;
  msByGroup: Record<string, number>;
}

/** One reading per side from several (a side measured in rounds): times and requests added up. */
export function addReadings(side: string, readings: readonly CpuReading[]): CpuReading {
  const msByGroup: Record<string, number> = {};
  for (const reading of readings)
    for (const [group, ms] of Object.entries(reading.msByGroup)) msByGroup[group] = (msByGroup[group] ?? 0) + ms;
  return { side, requests: readings.reduce((sum, reading) => sum + reading.requests, 0), msByGroup };
}

export class CpuMeter {
  constructor(private readonly groups: ProcessGroup[]) {}

  /** Runs one side and reads every group's CPU time around it; `requests` is how many the side answered. */
  async measure<T>(
    side: string,
    run: () => Promise<T>,
    requests: (result: T) => number,
  ): Promise<{ result: T; reading: CpuReading }> {
    const before = readProcesses();
    const result = await run();
    const after = readProcesses();
    const msByGroup: Record<string, number> = {};
    for (const group of this.groups) {
      const pids = new Set([...group.select(before), ...group.select(after)]);
      let ticks = 0;
      for (const pid of pids) ticks += Math.max(0, (after.get(pid)?.ticks ?? 0) - (before.get(pid)?.ticks ?? 0));
      msByGroup[group.name] = (ticks * 1000) / TICKS_PER_SECOND;
    }
    return { result, reading: { side, requests: requests(result), msByGroup } };
  }

  /** The table printed under a benchmark's figures: one row per process, one column per side, CPU ms per request. */
  format(readings: CpuReading[]): string {
    const header = [
      'CPU ms per request',
      ...readings.map((reading) => `${reading.side} (${reading.requests.toLocaleString('en-US')})`),
    ];
    const perRequest = (reading: CpuReading, group: string) =>
      reading.requests > 0 ? reading.msByGroup[group]! / reading.requests : 0;
    const rows = [
      header,
      ...this.groups.map((group) => [
        group.name,
        ...readings.map((reading) => perRequest(reading, group.name).toFixed(2)),
      ]),
      [
        'all processes',
        ...readings.map((reading) =>
          this.groups.reduce((sum, group) => sum + perRequest(reading, group.name), 0).toFixed(2),
        ),
      ],
    ];
    const widths = header.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
    const line = (row: string[]) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('   ');
    return [
      line(rows[0]!),
      widths.map((width) => '-'.repeat(width)).join('   '),
      ...rows.slice(1).map(line),
      `(utime + stime from /proc/<pid>/stat before and after each side, ${1000 / TICKS_PER_SECOND} ms ticks; PostgreSQL = every postgres process on the machine)`,
    ].join('\n');
  }
}
