import type { InboxEntry } from './mail-inbox';

/** What tests read of a message in the mail inbox. */
export type InboxMessage = Omit<InboxEntry, 'id' | 'from'>;

export async function inboxMessages(mailInboxUrl: string): Promise<InboxMessage[]> {
  const response = await fetch(`${mailInboxUrl}/api/messages`);
  if (!response.ok) throw new Error(`mail inbox answered ${response.status}`);
  return (await response.json()) as InboxMessage[];
}

export async function messagesTo(mailInboxUrl: string, address: string): Promise<InboxMessage[]> {
  return (await inboxMessages(mailInboxUrl)).filter((message) =>
    message.to.toLowerCase().includes(address.toLowerCase()),
  );
}

/** Waits until `count` messages have reached `address`, then returns them (newest first). */
export async function waitForMessagesTo(
  mailInboxUrl: string,
  address: string,
  count = 1,
  timeoutMs = 20_000,
): Promise<InboxMessage[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await messagesTo(mailInboxUrl, address);
    if (messages.length >= count) return messages;
    if (Date.now() > deadline) throw new Error(`expected ${count} message(s) to ${address}, found ${messages.length}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function codeFrom(message: InboxMessage): string {
  const match = /\b(\d{6})\b/.exec(message.text);
  if (!match?.[1]) throw new Error(`no six-digit code in the message "${message.subject}"`);
  return match[1];
}
