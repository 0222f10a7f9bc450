// E-mails lost rather than doubled: notifications' record says a message was handed to SMTP (status 'send') but the
// inbox never got it, or notifications gave up on it ('notSent'). Compared per recipient and subject, the way the
// guest would look for it.
import type { DeliveredEmail } from './duplicate-emails';

export interface RecordedEmail {
  recipient: string;
  subject: string;
  status: string;
}

export interface EmailDelivery {
  /** Recorded as handed to SMTP, not in the inbox. */
  sentButNotDelivered: number;
  /** Given up after the last attempt. */
  givenUp: number;
  /** Still waiting to be sent. */
  unsent: number;
  examples: string[];
}

const keyOf = (recipient: string, subject: string) => JSON.stringify([recipient.toLowerCase(), subject]);

export function compareEmailDelivery(
  recorded: readonly RecordedEmail[],
  delivered: readonly DeliveredEmail[],
): EmailDelivery {
  // Distinct messages in the inbox per recipient and subject (a duplicate delivery is one message).
  const inbox = new Map<string, Set<string>>();
  for (const email of delivered) {
    const key = keyOf(email.to, email.subject);
    const bodies = inbox.get(key) ?? new Set<string>();
    bodies.add(email.text);
    inbox.set(key, bodies);
  }
  const sent = new Map<string, number>();
  const result: EmailDelivery = { sentButNotDelivered: 0, givenUp: 0, unsent: 0, examples: [] };
  for (const email of recorded) {
    if (email.status === 'send')
      sent.set(keyOf(email.recipient, email.subject), (sent.get(keyOf(email.recipient, email.subject)) ?? 0) + 1);
    else if (email.status === 'notSent') {
      result.givenUp += 1;
      if (result.examples.length < 5) result.examples.push(`given up: ${email.recipient} "${email.subject}"`);
    } else if (email.status === 'created') result.unsent += 1;
  }
  for (const [key, count] of sent) {
    const missing = count - (inbox.get(key)?.size ?? 0);
    if (missing <= 0) continue;
    result.sentButNotDelivered += missing;
    if (result.examples.length < 5) {
      const [recipient, subject] = JSON.parse(key) as [string, string];
      result.examples.push(`not in the inbox: ${recipient} "${subject}"`);
    }
  }
  return result;
}
