// What counts as a secret in a file: well-known key formats (private keys, Stripe, AWS, GitHub, Slack, Google), a
// long random-looking value assigned to a name that says it is secret, and the exact values of the secrets a
// running platform uses. Pure: the caller reads the files.

export interface SecretFinding {
  file: string;
  line: number;
  rule: string;
  /** The match with its middle blanked out, so that the report does not spread what it found. */
  excerpt: string;
}

interface PatternRule {
  name: string;
  pattern: RegExp;
}

/** Formats that are secret wherever they appear. */
export const SECRET_PATTERNS: readonly PatternRule[] = [
  { name: 'private key (PEM)', pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g },
  { name: 'Stripe secret or restricted key', pattern: /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}/g },
  { name: 'Stripe webhook secret', pattern: /\bwhsec_[0-9A-Za-z+/]{16,}/g },
  { name: 'AWS access key id', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { name: 'AWS secret access key', pattern: /aws_?secret_?access_?key["']?\s*[:=]\s*["']?[A-Za-z0-9/+]{40}\b/gi },
  { name: 'GitHub token', pattern: /\b(?:gh[pousr]_[0-9A-Za-z]{36,}|github_pat_[0-9A-Za-z_]{40,})/g },
  { name: 'Slack token', pattern: /\bxox[abposr]-[0-9A-Za-z-]{10,}/g },
  { name: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
];

/**
 * `NAME = "value"`, `name: 'value'`, `NAME=value` (env files) where the name ends like a secret's and the value is a
 * long, random-looking literal. Code that reads a secret (`process.env.X`, `randomBytes(32)`) is no literal.
 */
const SECRET_ASSIGNMENT =
  /\b([A-Za-z0-9_]*(?:secret|password|passwd|token|api_?key|private_?key|access_?key|signing_?key|sealing_?key|caller_?key|_key))["']?\s*(?:=|:)\s*(?:["'`]([^"'`\s]{20,})["'`]|([A-Za-z0-9+/_=.-]{20,})\s*$)/gim;

/** Bits per character of a value: random base64 scores about 6, words and identifiers below 4. */
export function shannonEntropy(value: string): number {
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

const PLACEHOLDER =
  /example|changeme|change-me|placeholder|your[-_]|xxxx|\$\{|<[a-z-]+>|dummy|fake|not-a-secret|redacted/i;

/** A literal that looks like a generated secret: long, mixed letters and digits, high entropy, not a placeholder. */
export function looksRandom(value: string): boolean {
  return (
    value.length >= 20 &&
    /[A-Za-z]/.test(value) &&
    /\d/.test(value) &&
    shannonEntropy(value) >= 4 &&
    !PLACEHOLDER.test(value)
  );
}

function excerptOf(match: string): string {
  return match.length <= 12 ? `${match.slice(0, 3)}…` : `${match.slice(0, 8)}…${match.slice(-2)}`;
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

export interface KnownSecret {
  /** Where the value comes from, e.g. `KASSA_SEALING_KEY of the running stack`. */
  name: string;
  value: string;
}

/** Every secret in one file's text. `known` are exact values to look for (a running platform's own secrets). */
export function findSecrets(file: string, text: string, known: readonly KnownSecret[] = []): SecretFinding[] {
  const findings: SecretFinding[] = [];
  const add = (rule: string, index: number, match: string) =>
    findings.push({ file, line: lineOf(text, index), rule, excerpt: excerptOf(match) });
  for (const { name, pattern } of SECRET_PATTERNS) {
    for (const match of text.matchAll(pattern)) add(name, match.index, match[0]);
  }
  for (const match of text.matchAll(SECRET_ASSIGNMENT)) {
    const value = match[2] ?? match[3] ?? '';
    if (looksRandom(value)) add(`random value assigned to ${match[1]}`, match.index, value);
  }
  for (const { name, value } of known) {
    // Short values would match by chance; every platform secret is 32 random bytes.
    if (value.length < 16) continue;
    for (let index = text.indexOf(value); index !== -1; index = text.indexOf(value, index + 1)) add(name, index, value);
  }
  return findings;
}

/** Dockerfile instructions that would put a secret into an image or its history: an ENV or ARG named like a secret. */
export function findDockerfileSecrets(file: string, text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  // One instruction may continue over several lines ending in a backslash; it is reported at its first line.
  const instructions: { line: number; text: string }[] = [];
  let pending: { line: number; text: string } | undefined;
  text.split('\n').forEach((line, index) => {
    const current: { line: number; text: string } = pending ?? { line: index + 1, text: '' };
    current.text += ` ${line.replace(/\\\s*$/, '')}`;
    pending = /\\\s*$/.test(line) ? current : undefined;
    if (!pending) instructions.push(current);
  });
  for (const { line, text: instruction } of instructions) {
    const parts = /^\s*(ENV|ARG)\s+(.*)$/i.exec(instruction);
    if (!parts) continue;
    // The names: words that start a `NAME=value` pair, or the first word of `ARG NAME` / `ENV NAME value`.
    const names = [...parts[2]!.matchAll(/(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)(?==)/g)].map((match) => match[1]!);
    if (names.length === 0) names.push(parts[2]!.trim().split(/\s+/)[0] ?? '');
    for (const name of names) {
      if (/(secret|password|passwd|token|_key$|^key$|api_?key|private)/i.test(name)) {
        findings.push({ file, line, rule: `${parts[1]!.toUpperCase()} ${name} in an image recipe`, excerpt: name });
      }
    }
  }
  return findings;
}

/** A documented test fixture that looks like a secret on purpose: allowed by file and rule, each with its reason. */
export interface AllowedFinding {
  file: string;
  rule: string;
  reason: string;
}

export function isAllowed(finding: SecretFinding, allowed: readonly AllowedFinding[]): boolean {
  return allowed.some((entry) => entry.file === finding.file && entry.rule === finding.rule);
}
