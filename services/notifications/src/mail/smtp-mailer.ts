import nodemailer from 'nodemailer';
import { SpanKind, withSpan } from '@kassa/platform/telemetry';
import type { Mailer } from '../application/mailer.port';

/** Nodemailer over SMTP (SMTP_URL, e.g. smtp://127.0.0.1:1025 or smtps://user:pass@host:465). */
export function createSmtpMailer(smtpUrl: string): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    pool: true,
    maxConnections: 5,
    // Fail fast: a stuck server must not hold a job until its lock expires; the job retries with backoff.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      // nodemailer has no instrumentation: this span is the last hop of a purchase's or a sign-in's trace.
      return withSpan(
        'smtp send',
        { 'server.address': url.hostname, 'server.port': Number(url.port) || 0 },
        async (span) => {
          const info = await transport.sendMail({
            ...mail,
            attachments: mail.attachments?.map(({ filename, content, contentType, cid }) =>
              cid
                ? { filename, content, contentType, cid, contentDisposition: 'inline' as const }
                : { filename, content, contentType },
            ),
          });
          span.setAttribute('smtp.response', String(info.response ?? '').slice(0, 120));
          return { response: String(info.response ?? ''), messageId: String(info.messageId ?? mail.messageId ?? '') };
        },
        SpanKind.CLIENT,
      );
    },
    close() {
      transport.close();
    },
  };
}
