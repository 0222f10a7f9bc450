// Duplicate e-mails as the guest sees them: the same message (recipient, subject and body) delivered to the SMTP
// inbox more than once. notifications sends at least once: a process killed after the SMTP server accepted a message
// and before the send was recorded (or whose record failed because PostgreSQL went away at that moment) sends it
// again. So every duplicate must follow such an interruption; one that follows none is a bug.

export interface DeliveredEmail {
  to: string;
  subject: string;
  text: string;
  /** When the inbox received it (ISO). */
  date: string;
}

export interface DuplicateEmails {
  /** Deliveries beyond the first of each message. */
  duplicates: number;
  /** Of those: no interruption between the first delivery and this one. */
  unexplained: number;
  /** A few of them, for the notes (recipient and subject). */
  examples: string[];
}

/** An interruption can only explain a later copy; allow the inbox's clock to lag the kill a little. */
const SLACK_MS = 2_000;

export function findDuplicateEmails(delivered: readonly DeliveredEmail[], interruptionsAt: readonly number[]): DuplicateEmails {
  const groups = new Map<string, number[]>();
  for (const email of delivered) {
    const key = JSON.stringify([email.to.toLowerCase(), email.subject, email.text]);
    const times = groups.get(key) ?? [];
    times.push(Date.parse(email.date));
    groups.set(key, times);
  }
  const result: DuplicateEmails = { duplicates: 0, unexplained: 0, examples: [] };
  for (const [key, times] of groups) {
    if (times.length < 2) continue;
    times.sort((a, b) => a - b);
    const first = times[0]!;
    for (const later of times.slice(1)) {
      result.duplicates += 1;
      const explained = interruptionsAt.some((at) => at >= first - SLACK_MS && at <= later + SLACK_MS);
      if (!explained) result.unexplained += 1;
      if (result.examples.length < 5) {
        const [to, subject] = JSON.parse(key) as [string, string];
        result.examples.push(`${to} "${subject}"${explained ? '' : ' (after no interruption)'}`);
      }
    }
  }
  return result;
}
