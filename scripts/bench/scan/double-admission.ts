// The double-admission check: the same tickets scanned at once by two phones at two doors (two scan links), several
// times each, every scan with its own nonce; then ticketing's own records read back from its database. A ticket
// admitted twice at the event is a fraud (or a guest let in twice); the count must be 0.
import { Agent } from 'node:http';
import { Client } from 'pg';
import { type Phone, postScan, type ScanTarget } from './scan-driver';

export interface RaceResult {
  tickets: number;
  scans: number;
  ms: number;
  /** Tickets whose scans got no "valid" or more than one (each must get exactly one, the rest "already_used"). */
  wrongAnswers: number;
  /** "valid" answers per door. */
  admittedBy: [number, number];
}

export interface Door {
  target: ScanTarget;
  phone: Phone;
}

/**
 * For every code, `scansPerDoor` scans from each of the two doors, all sent together; `concurrentTickets` tickets'
 * scans in flight at once. Every answer must be 200 with "valid" or "already_used"; anything else fails the run.
 */
export async function race(
  codes: string[],
  doors: [Door, Door],
  scansPerDoor: number,
  concurrentTickets: number,
): Promise<RaceResult> {
  const agents = doors.map(() => new Agent({ keepAlive: true, maxSockets: concurrentTickets * scansPerDoor }));
  const result: RaceResult = { tickets: codes.length, scans: 0, ms: 0, wrongAnswers: 0, admittedBy: [0, 0] };
  let next = 0;
  const started = performance.now();
  try {
    const worker = async (): Promise<void> => {
      while (next < codes.length) {
        const code = codes[next++]!;
        // Alternating doors, so that each door's first scan leaves at about the same moment.
        const sides = Array.from({ length: scansPerDoor * 2 }, (_, index) => index % 2);
        const answers = await Promise.all(
          sides.map((side) => postScan(doors[side]!.target, doors[side]!.phone, code, agents[side]!)),
        );
        let valid = 0;
        for (const [index, { status, body }] of answers.entries()) {
          const side = sides[index]!;
          result.scans += 1;
          if (status !== 200 || (body.result !== 'valid' && body.result !== 'already_used'))
            throw new Error(`a racing scan answered ${status} ${JSON.stringify(body)}`);
          if (body.result === 'valid') {
            valid += 1;
            result.admittedBy[side as 0 | 1] += 1;
          }
        }
        if (valid !== 1) result.wrongAnswers += 1;
      }
    };
    await Promise.all(Array.from({ length: concurrentTickets }, worker));
  } finally {
    agents.forEach((agent) => agent.destroy());
  }
  result.ms = performance.now() - started;
  return result;
}

export interface AdmissionCounts {
  /** (ticket, event) pairs with more than one check-in record: must be 0. */
  admittedMoreThanOnce: number;
  /** check_in rows at the event. */
  checkIns: number;
  /** ticket_access rows checked in at the event. */
  checkedInAccess: number;
  /** Offline conflicts recorded (none are expected: every scan here is online). */
  conflicts: number;
}

/** ticketing's records of the event, read in a read-only session. */
export async function readAdmissionCounts(url: string, eventId: string): Promise<AdmissionCounts> {
  const client = new Client({ connectionString: url, options: '-c default_transaction_read_only=on' });
  await client.connect();
  try {
    const { rows } = await client.query<{ twice: number; check_ins: number; access: number; conflicts: number }>(
      `select (select count(*)::int from (select 1 from check_in where event_id = $1 group by ticket_id having count(*) > 1) t) as twice,
              (select count(*)::int from check_in where event_id = $1) as check_ins,
              (select count(*)::int from ticket_access where event_id = $1 and checked_in_at is not null) as access,
              (select count(*)::int from scan_conflict where event_id = $1) as conflicts`,
      [eventId],
    );
    const row = rows[0]!;
    return {
      admittedMoreThanOnce: row.twice,
      checkIns: row.check_ins,
      checkedInAccess: row.access,
      conflicts: row.conflicts,
    };
  } finally {
    await client.end();
  }
}
