import { loadConfig } from '@kassa/platform/config';
import { parseKey } from '@kassa/platform/crypto';
import { z } from 'zod';

const sealingKey = z.string().refine((value) => {
  try {
    parseKey(value);
    return true;
  } catch {
    return false;
  }
}, 'must be base64url of 32 bytes');

const smtpUrl = z.string().refine((value) => {
  try {
    return ['smtp:', 'smtps:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, 'must be an smtp or smtps URL');

export function loadNotificationsConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(
    'notifications',
    { database: 'notifications', grpcPort: 50056, httpPort: 9106 },
    {
      SMTP_URL: smtpUrl.default('smtp://127.0.0.1:1025'),
      MAIL_FROM: z.string().min(3).default('Kassa <no-reply@kassa.localhost>'),
      // Shared with identity, which seals the sign-in code with it.
      KASSA_SEALING_KEY: sealingKey,
      PUBLIC_BASE_URL: z.url().default('http://localhost:3000'),
      // The operators' inbox that receives contact form messages.
      CONTACT_INBOX: z.string().regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address').default('operators@kassa.localhost'),
    },
    env,
  );
}

export type NotificationsConfig = ReturnType<typeof loadNotificationsConfig>;
