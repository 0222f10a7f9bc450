// Where the time between the webhook and the inbox goes: each service records when it did its step (in Node, with
// the same machine clock as the benchmark), so each step's delay after the webhook is read back from its database.
import { Client } from 'pg';
import { percentile } from '../lib/closed-loop';

export interface StepTimes {
  /** ordering applied payment.succeeded (orders.paid_at). */
  paid: number;
  /** ticketing issued the tickets (order_state.tickets_issued_at). */
  issued: number;
  /** notifications recorded the confirmation (email_message.created_at). */
  recorded: number;
}

async function epochMsById(url: string, sql: string, ids: string[]): Promise<Map<string, number>> {
  const client = new Client({ connectionString: url, options: '-c default_transaction_read_only=on' });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; ms: string }>(sql, [ids]);
    return new Map(rows.map((row) => [row.id, Number(row.ms)]));
  } finally {
    await client.end();
  }
}

/** Per order id, when each step happened (epoch ms). */
export async function readStepTimes(
  databases: { ordering: string; ticketing: string; notifications: string },
  orderIds: string[],
): Promise<Map<string, StepTimes>> {
  const paid = await epochMsById(
    databases.ordering,
    `select id, extract(epoch from paid_at) * 1000 as ms from orders where id = any($1) and paid_at is not null`,
    orderIds,
  );
  const issued = await epochMsById(
    databases.ticketing,
    `select order_id as id, extract(epoch from tickets_issued_at) * 1000 as ms from order_state where order_id = any($1) and tickets_issued_at is not null`,
    orderIds,
  );
  const recorded = await epochMsById(
    databases.notifications,
    `select subject_ref as id, extract(epoch from min(created_at)) * 1000 as ms from email_message where subject_ref = any($1) and template = 'order-confirmation' group by subject_ref`,
    orderIds,
  );
  const times = new Map<string, StepTimes>();
  for (const id of orderIds) {
    const step = { paid: paid.get(id), issued: issued.get(id), recorded: recorded.get(id) };
    if (step.paid === undefined || step.issued === undefined || step.recorded === undefined)
      throw new Error(`order ${id} is missing a step's time: ${JSON.stringify(step)}`);
    times.set(id, step as StepTimes);
  }
  return times;
}

/** p50 of each step's delay after its webhook, and of the arrival. */
export function stepMedians(
  sent: { orderId: string; sentAtEpochMs: number; ms: number }[],
  times: Map<string, StepTimes>,
): { paid: number; issued: number; recorded: number; inbox: number } {
  const median = (values: number[]) => percentile(Float64Array.from(values).sort(), 0.5);
  const after = (step: keyof StepTimes) =>
    median(sent.map((entry) => times.get(entry.orderId)![step] - entry.sentAtEpochMs));
  return {
    paid: after('paid'),
    issued: after('issued'),
    recorded: after('recorded'),
    inbox: median(sent.map((entry) => entry.ms)),
  };
}
