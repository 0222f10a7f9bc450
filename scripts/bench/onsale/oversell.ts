// The oversell check: a rush of concurrent checkouts through the BFF on a quota of 50, then ordering's own counts
// read back from its database. Every checkout either gets its order (201) or is told the item is sold out (400);
// anything else fails the run.
import { Agent } from 'node:http';
import { Client } from 'pg';
import { postCheckout } from './checkout-driver';

const SOLD_OUT = 'This item is sold out';

export interface RushResult {
  accepted: number;
  soldOut: number;
  ms: number;
}

/** `checkouts` checkouts of one ticket each, all sent at once (one socket each), of an item on a small quota. */
export async function rush(origin: string, shopId: string, itemId: string, checkouts: number): Promise<RushResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: checkouts });
  const started = performance.now();
  try {
    const answers = await Promise.all(
      Array.from({ length: checkouts }, () => postCheckout(origin, shopId, itemId, agent)),
    );
    const result: RushResult = { accepted: 0, soldOut: 0, ms: performance.now() - started };
    for (const { status, body } of answers) {
      if (status === 201 && body.status === 'reserved') result.accepted += 1;
      else if (status === 400 && body.fields?.['items.0.quantity'] === SOLD_OUT) result.soldOut += 1;
      else throw new Error(`a checkout in the rush answered ${status} ${JSON.stringify(body)}`);
    }
    return result;
  } finally {
    agent.destroy();
  }
}

export interface QuotaCount {
  id: string;
  kind: string;
  capacity: number;
  buckets: number;
  sold: number;
  reserved: number;
  /** max(0, sold + reserved − capacity). */
  oversold: number;
}

/** Every limited quota in ordering's database with its buckets' counts summed, read in a read-only session. */
export async function readQuotaCounts(url: string): Promise<QuotaCount[]> {
  const client = new Client({ connectionString: url, options: '-c default_transaction_read_only=on' });
  await client.connect();
  try {
    const { rows } = await client.query<{
      id: string;
      kind: string;
      capacity: number;
      buckets: number;
      sold: string;
      reserved: string;
    }>(
      `select q.id, q.kind, q.capacity, count(*)::int as buckets, sum(b.sold) as sold, sum(b.reserved) as reserved
         from quota q join quota_bucket b on b.quota_id = q.id where q.capacity is not null group by q.id order by q.id`,
    );
    return rows.map((row) => {
      const sold = Number(row.sold);
      const reserved = Number(row.reserved);
      return {
        id: row.id,
        kind: row.kind,
        capacity: row.capacity,
        buckets: row.buckets,
        sold,
        reserved,
        oversold: Math.max(0, sold + reserved - row.capacity),
      };
    });
  } finally {
    await client.end();
  }
}

/** Orders holding or having bought `itemId` (reserved, pending or paid), counted from their lines. */
export async function countOrdersOf(url: string, itemId: string): Promise<number> {
  const client = new Client({ connectionString: url, options: '-c default_transaction_read_only=on' });
  await client.connect();
  try {
    const { rows } = await client.query<{ orders: number }>(
      `select count(distinct o.id)::int as orders from orders o join order_line l on l.order_id = o.id
        where l.item_id = $1 and o.status in ('reserved', 'pending', 'paid')`,
      [itemId],
    );
    return rows[0]!.orders;
  } finally {
    await client.end();
  }
}
