// The scanner's request bodies as zod schemas: the BFF checks them in the spec's English before asking ticketing
// (which checks again and stays the authority), and the scan-link form checks the name in the viewer's language.
import {
  DEVICE_ID_PATTERN,
  MAX_OFFLINE_SCANS as MAX_SYNC_BATCH,
  SCAN_LINK_NAME_MAX_LENGTH,
  SCAN_LINK_SECRET_PATTERN,
  SCAN_NONCE_PATTERN as NONCE_PATTERN,
} from '@kassa/contracts/scan-links';
import { SCAN_INPUT_MAX_LENGTH } from '@kassa/contracts/scan-input';
import { z } from 'zod';
import { fieldRules, SPEC_RULE_WORDS, type RuleWords } from '../components/ui/field-rules';

export {
  DEVICE_ID_PATTERN,
  MAX_OFFLINE_SCANS as MAX_SYNC_BATCH,
  SCAN_LINK_NAME_MAX_LENGTH,
  SCAN_LINK_SECRET_PATTERN,
  SCAN_NONCE_PATTERN as NONCE_PATTERN,
} from '@kassa/contracts/scan-links';

export const SPEC_SCAN_LABELS = {
  name: 'Name',
  code: 'Code',
  nonce: 'Nonce',
  deviceId: 'Device',
  secret: 'Scan link',
  scans: 'Scans',
  scannedAt: 'Scanned at',
  locale: 'Language',
  expiresAt: 'Expires at',
  pageToken: 'Page',
} as const;

/** The offline kit's page token as ticketing hands it out (base64url, '' for the first page); ticketing checks it again. */
const KIT_PAGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{0,100}$/;

/** How long a new scan link may be made to last, in days (ticketing refuses more than 366); empty: until revoked. */
export const SCAN_LINK_VALIDITY_DAYS = [1, 3, 7, 30, 90] as const;

const missingOr = (label: string, words: RuleWords) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? words.required(label) : words.invalid(label);

/** A string that must match a pattern: absent or empty is '{0} is required', anything else that fails '{0} is invalid'. */
function token(label: string, pattern: RegExp, words: RuleWords) {
  return z
    .string({ error: missingOr(label, words) })
    .refine((value) => value !== '', { error: words.required(label), abort: true })
    .refine((value) => pattern.test(value), { error: words.invalid(label) });
}

const deviceId = (words: RuleWords) => token(SPEC_SCAN_LABELS.deviceId, DEVICE_ID_PATTERN, words);
const nonce = (words: RuleWords) => token(SPEC_SCAN_LABELS.nonce, NONCE_PATTERN, words);
const secret = (words: RuleWords) => token(SPEC_SCAN_LABELS.secret, SCAN_LINK_SECRET_PATTERN, words);

function code(words: RuleWords) {
  const label = SPEC_SCAN_LABELS.code;
  return (
    z
      .string({ error: missingOr(label, words) })
      .transform((value) => value.trim())
      .refine((value) => value !== '', { error: words.required(label), abort: true })
      // Ticketing's limit for what a scanner reads (a code for many events is long), so no genuine code stops here.
      .refine((value) => value.length <= SCAN_INPUT_MAX_LENGTH, { error: words.tooLong(label) })
  );
}

function scannedAt(words: RuleWords) {
  const label = SPEC_SCAN_LABELS.scannedAt;
  return z
    .string({ error: missingOr(label, words) })
    .refine((value) => value !== '', { error: words.required(label), abort: true })
    .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), {
      error: words.invalid(label),
    });
}

/** The scan link's name: 1–80 characters after trimming. */
export function scanLinkNameSchema(label: string = SPEC_SCAN_LABELS.name, words: RuleWords = SPEC_RULE_WORDS) {
  return fieldRules(label, words)
    .text({ required: true, max: SCAN_LINK_NAME_MAX_LENGTH })
    .transform((value) => value.trim());
}

/** POST …/scan-links { name, expiresAt? }: expiresAt an ISO date-time (ticketing checks it lies ahead, within a year). */
export function createScanLinkBodySchema(words: RuleWords = SPEC_RULE_WORDS) {
  const label = SPEC_SCAN_LABELS.expiresAt;
  return z.object({
    name: scanLinkNameSchema(SPEC_SCAN_LABELS.name, words),
    expiresAt: z
      .string({ error: words.invalid(label) })
      .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), {
        error: words.invalid(label),
      })
      .transform((value) => new Date(value))
      .optional(),
  });
}

/** One scan: { code, nonce, deviceId } (a member's), plus { secret } through a link. */
export function scanBodySchema(words: RuleWords = SPEC_RULE_WORDS) {
  return z.object({ code: code(words), nonce: nonce(words), deviceId: deviceId(words) });
}

/** Opening the scanner or fetching the offline kit: { deviceId }, plus { secret } through a link. */
export function deviceBodySchema(words: RuleWords = SPEC_RULE_WORDS) {
  return z.object({ deviceId: deviceId(words) });
}

/**
 * Fetching the offline kit: { deviceId, pageToken? }, plus { secret } through a link. With pageToken ('' for the
 * first page) the kit comes a page at a time; without it, whole, as scanners loaded before paging ask for it.
 */
export function kitBodySchema(words: RuleWords = SPEC_RULE_WORDS) {
  const label = SPEC_SCAN_LABELS.pageToken;
  return deviceBodySchema(words).extend({
    pageToken: z
      .string({ error: words.invalid(label) })
      .refine((value) => KIT_PAGE_TOKEN_PATTERN.test(value), { error: words.invalid(label) })
      .optional(),
  });
}

/** Opening the scanner: { deviceId, locale? } (the language of the event's name), plus { secret } through a link. */
export function openBodySchema(words: RuleWords = SPEC_RULE_WORDS) {
  return deviceBodySchema(words).extend({
    locale: z.string({ error: words.invalid(SPEC_SCAN_LABELS.locale) }).optional(),
  });
}

/** Uploading offline check-ins: { deviceId, scans: [{ nonce, code, scannedAt }] }, at most 1,000. */
export function syncBodySchema(words: RuleWords = SPEC_RULE_WORDS) {
  const label = SPEC_SCAN_LABELS.scans;
  return z.object({
    deviceId: deviceId(words),
    scans: z
      .array(
        z.object(
          { nonce: nonce(words), code: code(words), scannedAt: scannedAt(words) },
          { error: words.invalid(label) },
        ),
        { error: missingOr(label, words) },
      )
      .refine((scans) => scans.length > 0, { error: words.notEmpty(label), abort: true })
      .refine((scans) => scans.length <= MAX_SYNC_BATCH, { error: words.tooLong(label) }),
  });
}

/** The public routes carry the link's secret in the body (never in a query string that access logs keep). */
export function withSecret<T extends z.ZodRawShape>(schema: z.ZodObject<T>, words: RuleWords = SPEC_RULE_WORDS) {
  return schema.extend({ secret: secret(words) });
}

export function isDeviceId(value: unknown): value is string {
  return typeof value === 'string' && DEVICE_ID_PATTERN.test(value);
}
