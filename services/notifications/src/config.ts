import { isEmailAddress } from '@kassa/contracts/email-address';
import { ConfigError, keySetting, loadConfig } from '@kassa/platform/config';
import { CALLER_KEY_SETTINGS } from '@kassa/platform/grpc';
import { z } from 'zod';
import { localAddress, localDefaults } from '@kassa/platform/topology';

const smtpUrl = z.string().refine((value) => {
  try {
    return ['smtp:', 'smtps:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, 'must be an smtp or smtps URL');

/** Apple Wallet signing: all of these, or none (no passes). The passphrase is optional. */
export const WALLET_VARIABLES = [
  'WALLET_PASS_TYPE_ID',
  'WALLET_TEAM_ID',
  'WALLET_SIGNER_CERT',
  'WALLET_SIGNER_KEY',
  'WALLET_WWDR_CERT',
] as const;

export function loadNotificationsConfig(env: Record<string, string | undefined> = process.env) {
  const config = loadConfig(
    'notifications',
    localDefaults('notifications'),
    {
      /**
       * KASSA_CALLER_SECRET and KASSA_CALLER_VERIFIERS (KASSA_CALLER_KEY in development): the credential of every gRPC
       * call made and accepted.
       */
      ...CALLER_KEY_SETTINGS,
      SMTP_URL: smtpUrl.default('smtp://127.0.0.1:1025'),
      MAIL_FROM: z.string().min(3).default('Kassa <no-reply@kassa.localhost>'),
      // Shared with identity, which seals the sign-in code with it.
      KASSA_SEALING_KEY: keySetting,
      PUBLIC_BASE_URL: z.url().default('http://localhost:3000'),
      // The operators' inbox that receives contact form messages.
      CONTACT_INBOX: z
        .string()
        .refine(isEmailAddress, 'must be an e-mail address')
        .default('operators@kassa.localhost'),
      /** host:port of identity: Authorize for the organiser's order messages. */
      IDENTITY_GRPC_ADDRESS: z.string().min(3).default(localAddress('identity')),
      /**
       * The key of the delivery events' "Kassa-Signature" (HMAC-SHA256), shared with the BFF that forwards them.
       * Required: without it anyone could mark mail as bounced.
       */
      EMAIL_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters'),
      /**
       * While the secret is rotated: the one it replaces, still believed until the forwarder signs with the new one
       * everywhere (docs/OPERATIONS.md, Rotate secrets). Unset otherwise.
       */
      EMAIL_WEBHOOK_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
      /** Apple Wallet: the Pass Type ID ("pass.com.example.tickets") and the developer team id. */
      WALLET_PASS_TYPE_ID: z
        .string()
        .regex(/^pass\.[A-Za-z0-9.-]+$/, 'must be a Pass Type ID (pass.…)')
        .optional(),
      WALLET_TEAM_ID: z
        .string()
        .regex(/^[A-Z0-9]{10}$/, 'must be a 10-character team id')
        .optional(),
      /** Paths of PEM files (mounted from a Secret): the pass type certificate, its private key and Apple's WWDR certificate. */
      WALLET_SIGNER_CERT: z.string().min(1).optional(),
      WALLET_SIGNER_KEY: z.string().min(1).optional(),
      WALLET_SIGNER_KEY_PASSPHRASE: z.string().min(1).optional(),
      WALLET_WWDR_CERT: z.string().min(1).optional(),
    },
    env,
  );
  const given = WALLET_VARIABLES.filter((name) => config[name]);
  if (given.length > 0 && given.length < WALLET_VARIABLES.length) {
    throw new ConfigError(
      'notifications',
      WALLET_VARIABLES.filter((name) => !config[name]).map((variable) => ({
        variable,
        message: 'is required when Apple Wallet passes are configured',
      })),
    );
  }
  return config;
}

export type NotificationsConfig = ReturnType<typeof loadNotificationsConfig>;
