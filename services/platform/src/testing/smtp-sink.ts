import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One received e-mail, parsed. */
export interface SinkMessage {
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attachments: { filename?: string; contentType: string; content: Buffer }[];
  raw: ParsedMail;
  receivedAt: Date;
}

export interface SmtpSink {
  port: number;
  /** Every message received so far, oldest first. */
  messages: SinkMessage[];
  waitForMessage(predicate: (message: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>;
  stop(): Promise<void>;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((group) => group.value.map((entry) => entry.address ?? '')).filter(Boolean);
}

function headerText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object' && 'text' in value) return String((value as { text: unknown }).text);
  if (value && typeof value === 'object' && 'value' in value) return String((value as { value: unknown }).value);
  return String(value);
}

/** A local SMTP server for tests and development: no auth, no TLS, keeps every message in memory. */
export async function startSmtpSink({ port = 0 }: { port?: number } = {}): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    logger: false,
    async onData(stream, session, callback) {
      try {
        const parsed = await simpleParser(stream);
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const headers: Record<string, string> = {};
        for (const [key, value] of parsed.headers) headers[key.toLowerCase()] = headerText(value);
        messages.push({
          to: envelopeTo.length > 0 ? envelopeTo : addresses(parsed.to).map((a) => a.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : (addresses(parsed.from)[0] ?? ''),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          headers,
          attachments: parsed.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
          raw: parsed,
          receivedAt: new Date(),
        });
        for (const wake of waiters) wake();
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A client that dies mid-session (a sender killed with SIGKILL) resets its connection; smtp-server reports that as
  // an 'error' on the server, which without a listener would take the whole sink (and the dev mail inbox) down.
  server.on('error', () => undefined);
  const boundPort = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;

  return {
    port: boundPort,
    messages,
    waitForMessage(predicate, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = messages.find(predicate);
          if (!found) return false;
          cleanup();
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `No matching e-mail within ${timeoutMs} ms (received ${messages.length}: ${messages.map((m) => `"${m.subject}" to ${m.to.join(',')}`).join('; ')})`,
            ),
          );
        }, timeoutMs);
        const wake = (): void => void check();
        const cleanup = (): void => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        waiters.add(wake);
        check();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
