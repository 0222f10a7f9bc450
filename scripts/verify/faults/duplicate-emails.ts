// Duplicate e-mails as the guest sees them: the same message (recipient, subject and body) delivered to the SMTP
// inbox more than once. notifications sends at least once: a process killed after the SMTP server accepted a message
// and before the send was recorded (or whose record failed because PostgreSQL went away at that moment) sends it
// again. So every duplicate must follow such an interruption; one that follows none is a bug. An interruption lasts:
// a send that went out just after PostgreSQL began to stop cannot be recorded until it is back, seconds later.

export interface DeliveredEmail {
  to: string;
  subject: string;
  text: string;
  /** When the inbox received it (ISO). */
  date: string;
  /** notifications' id of the message (its X-Kassa-Message-Id header), where the inbox keeps it. */
  kassaMessageId?: string;
}

export interface DuplicateEmails {
  /** Deliveries beyond the first of each message. */
  duplicates: number;
  /** Of those: no interruption between the first delivery and this one. */
  unexplained: number;
  /** A few of them, for the notes (recipient and subject). */
  examples: string[];
}

/** A kill of notifications or an outage of PostgreSQL: from when it began (epoch ms), for how long. */
export interface Interruption {
  at: number;
  lastedMs: number;
}

/** An interruption can only explain a later copy; allow the inbox's clock to lag the kill a little. */
const SLACK_MS = 2_000;

export function findDuplicateEmails(
  delivered: readonly DeliveredEmail[],
  interruptions: readonly Interruption[],
): DuplicateEmails {
  const groups = new Map<string, { at: number; id: string }[]>();
  for (const email of delivered) {
    const key = JSON.stringify([email.to.toLowerCase(), email.subject, email.text]);
    const copies = groups.get(key) ?? [];
    copies.push({ at: Date.parse(email.date), id: email.kassaMessageId ?? '?' });
    groups.set(key, copies);
  }
  const result: DuplicateEmails = { duplicates: 0, unexplained: 0, examples: [] };
  for (const [key, copies] of groups) {
    if (copies.length < 2) continue;
    copies.sort((a, b) => a.at - b.at);
    const first = copies[0]!.at;
    for (const later of copies.slice(1)) {
      result.duplicates += 1;
      // Explained when an interruption was under way at some moment between the first copy and this one.
      const explained = interruptions.some(
        ({ at, lastedMs }) => at + lastedMs >= first - SLACK_MS && at <= later.at + SLACK_MS,
      );
      if (!explained) result.unexplained += 1;
      if (result.examples.length < 5) {
        const [to, subject] = JSON.parse(key) as [string, string];
        // When and as which message each copy came: one id twice is one message sent again, two ids are two messages.
        const how = copies.map((copy) => `${new Date(copy.at).toISOString().slice(11, 23)} as ${copy.id}`).join(', ');
        const around = explained
          ? ''
          : `; interruptions at ${interruptions.map(({ at, lastedMs }) => `${new Date(at).toISOString().slice(11, 23)} for ${lastedMs} ms`).join(', ') || 'none'}`;
        result.examples.push(`${to} "${subject}"${explained ? '' : ' (after no interruption)'} [${how}${around}]`);
      }
    }
  }
  return result;
}
