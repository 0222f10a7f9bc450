// The faults section's view of an e2e stack (e2e/support/stack.ts): the processes the supervisor and the crash matrix
// kill and start again, and the saga databases the probe reads.
import { createNamespace } from '@kassa/platform/config';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { databaseUrl, type Stack, type StackInfo } from '../../../e2e/support/stack';
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

/** stack.info.databases is in SERVICES_WITH_DATABASES order (identity, notifications, catalog, ordering, payments, ticketing). */
export function sagaDatabaseUrls(info: StackInfo): Record<SagaDatabase, string> {
  const [, notifications, , ordering, payments, ticketing] = info.databases.map(databaseUrl);
  return { ordering: ordering!, payments: payments!, ticketing: ticketing!, notifications: notifications! };
}

/**
 * Ends every hold still running now, as the clock would a few minutes later: the held orders' deadlines move to now
 * and their expiry jobs (where Redis still has them) run; ordering's sweep expires those whose job a Redis
 * restart lost. So the reconciler can require every order to have ended without the run waiting out the shop's
 * reservation time. Returns how many orders were held, and how many of them still had their expiry job in Redis.
 */
export async function endHoldsNow(info: StackInfo): Promise<{ held: number; jobsFound: number }> {
  const ordering = new Client({ connectionString: sagaDatabaseUrls(info).ordering });
  await ordering.connect();
  let held: Set<string>;
  try {
    const moved = await ordering.query<{ id: string }>("update orders set expires_at = now() where status in ('reserved', 'pending') and expires_at > now() returning id");
    held = new Set(moved.rows.map((row) => row.id));
  } finally {
    await ordering.end();
  }
  const redis = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const jobs = new Queue(createNamespace(info.namespace).queue('ordering-jobs'), { connection: { host: redis.hostname, port: Number(redis.port || 6379) } });
  let jobsFound = 0;
  try {
    for (const job of await jobs.getDelayed()) {
      if (!held.has(job.id?.replace(/^expire-order-/, '') ?? '')) continue;
      jobsFound += 1;
      await job.promote().catch(() => undefined);
    }
  } finally {
    await jobs.close();
  }
  return { held: held.size, jobsFound };
}
