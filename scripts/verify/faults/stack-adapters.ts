// The faults section's view of an e2e stack (testing/src/stack.ts): the processes the supervisor and the crash matrix
// kill and start again, and the saga databases the probe reads.
import { serviceDatabase, type Stack, type StackInfo } from '@kassa/testing/stack';
import type { CrashStack } from './crash-matrix';
import type { SagaDatabase } from './saga-probe';
import type { Supervised } from './supervisor';

/** kill -9 and start again, as a Deployment restarts a crashed pod. */
export function supervisedStack(stack: Stack): Supervised {
  return {
    async kill9(target) {
      const process = stack.processes.get(target);
      if (!process) throw new Error(`the stack runs no ${target}`);
      await process.kill9();
      return process.child.signalCode;
    },
    async start(target) {
      await stack.startService(target);
    },
  };
}

export function crashStack(stack: Stack): CrashStack {
  return {
    bffUrl: stack.info.bffUrl!,
    process(service) {
      const process = stack.processes.get(service);
      if (!process) throw new Error(`the stack runs no ${service}`);
      return process;
    },
    start: (service, extraEnv) => stack.startService(service, extraEnv),
  };
}

export function sagaDatabaseUrls(info: StackInfo): Record<SagaDatabase, string> {
  const url = (service: SagaDatabase) => serviceDatabase(info, service);
  return {
    ordering: url('ordering'),
    payments: url('payments'),
    ticketing: url('ticketing'),
    notifications: url('notifications'),
  };
}
