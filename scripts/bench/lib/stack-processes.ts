// The benchmark side of testing/src/stack.ts: which of a stack's services to profile, and its processes as CPU groups.
import type { Stack, StackOptions } from '@kassa/testing/stack';
import { type ProcessGroup, processTree } from './process-cpu';

type Profiled = NonNullable<StackOptions['cpuProfiles']>;
const SERVICES: readonly string[] = ['identity', 'notifications', 'catalog', 'ordering', 'payments', 'ticketing'];

/** BENCH_CPU_PROFILE=ticketing,bff (say): the processes run with --cpu-prof, writing to .artifacts/profiles when they stop. */
export function profiledProcesses(): string[] {
  const names = (process.env.BENCH_CPU_PROFILE ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => name !== 'bff' && !SERVICES.includes(name));
  if (unknown.length > 0)
    throw new Error(`BENCH_CPU_PROFILE names ${unknown.join(', ')}: use bff or a service (${SERVICES.join(', ')})`);
  return names;
}

/** The services among BENCH_CPU_PROFILE, for StackOptions.cpuProfiles. */
export function profiledServices(): Profiled {
  return profiledProcesses().filter((name) => name !== 'bff') as Profiled;
}

/** One CPU group per running service process (each replica its own). */
export function serviceProcessGroups(stack: Stack): ProcessGroup[] {
  return [...stack.processes.entries()]
    .filter(([, managed]) => managed.child.pid !== undefined)
    .map(([name, managed]) => processTree(name, managed.child.pid!));
}
