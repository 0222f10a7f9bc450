// Secrets where they must never be: the files git tracks, what the image recipes can copy (the build context after
// .dockerignore) and the recipes themselves, and the client bundles every visitor downloads (bff/.next/static),
// which are also searched for the exact secret values of the running platform and of `npm run up` (.data/dev.env).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { isIgnored, parseDockerignore } from './dockerignore';
import {
  type AllowedFinding,
  findDockerfileSecrets,
  findSecrets,
  isAllowed,
  type KnownSecret,
  type SecretFinding,
} from './secret-rules';

export const repoRoot = join(__dirname, '..', '..', '..');

/**
 * Findings that are test fixtures on purpose. Keep this tiny: each entry names one file and one rule, and says why
 * the value is no secret.
 */
export const ALLOWED_FINDINGS: readonly AllowedFinding[] = [
  {
    file: 'services/notifications/test/integration/delivery-events.int.test.ts',
    rule: 'random value assigned to PREVIOUS_SECRET',
    reason:
      'a made-up webhook secret in words ("the-secret-being-rotated-out-…") for the rotation test; configured nowhere',
  },
  {
    file: 'services/notifications/test/integration/delivery-events.int.test.ts',
    rule: 'random value assigned to secret',
    reason: 'a made-up secret in words ("a-secret-never-configured-…") that the test expects to be refused',
  },
  {
    file: 'services/notifications/test/unit/member-invitation-template.test.tsx',
    rule: 'random value assigned to token',
    reason:
      'an invitation token made of the alphabet in order, to render the e-mail template; no such invitation exists',
  },
];

/** Larger files are logs or data, not sources; they are counted as skipped. */
const MAX_FILE_BYTES = 4 * 1024 * 1024;

export interface ScanArea {
  name: string;
  filesScanned: number;
  filesSkipped: number;
  findings: SecretFinding[];
}

function readText(path: string): string | undefined {
  const stats = statSync(path);
  if (!stats.isFile() || stats.size > MAX_FILE_BYTES) return undefined;
  const bytes = readFileSync(path);
  // Binary files (images, fonts, wasm) hold no text a person could have pasted a key into.
  if (bytes.subarray(0, 8192).includes(0)) return undefined;
  return bytes.toString('utf8');
}

function scanFiles(
  name: string,
  root: string,
  files: readonly string[],
  check: (file: string, text: string) => SecretFinding[],
): ScanArea {
  const area: ScanArea = { name, filesScanned: 0, filesSkipped: 0, findings: [] };
  for (const file of files) {
    const text = readText(join(root, file));
    if (text === undefined) {
      area.filesSkipped++;
      continue;
    }
    area.filesScanned++;
    area.findings.push(...check(file, text));
  }
  return area;
}

function walk(root: string, dir: string, keep: (path: string, isDirectory: boolean) => boolean): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isSymbolicLink() || !keep(path, entry.isDirectory())) return [];
    return entry.isDirectory() ? walk(root, path, keep) : [path];
  });
}

/** The files git tracks. */
export function scanRepository(known: readonly KnownSecret[], root = repoRoot): ScanArea {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(root, file)));
  return scanFiles('repository (git ls-files)', root, files, (file, text) => findSecrets(file, text, known));
}

const SECRET_FILE_NAME = /(^|\/)(\.env(\.[^/]*)?|[^/]*\.(pem|key|p12|pfx)|id_(rsa|ecdsa|ed25519)|dev\.env)$/;

/**
 * What `docker build .` sends for bff/Dockerfile and deploy/docker/service.Dockerfile: the working tree (tracked or
 * not) minus .dockerignore. A file named like a secret that reaches the context is a finding by itself.
 */
export function scanImageContext(known: readonly KnownSecret[], root = repoRoot): ScanArea {
  const rules = parseDockerignore(readFileSync(join(root, '.dockerignore'), 'utf8'));
  const files = walk(root, '', (path) => path !== '.git' && !isIgnored(path, rules));
  const area = scanFiles('image build context (after .dockerignore)', root, files, (file, text) =>
    findSecrets(file, text, known),
  );
  for (const file of files.filter((path) => SECRET_FILE_NAME.test(path))) {
    area.findings.push({ file, line: 0, rule: 'secret file in the build context', excerpt: file.split('/').pop()! });
  }
  return area;
}

/** Every image recipe in the working tree: Dockerfile, *.Dockerfile, Dockerfile.*. */
export function findDockerfiles(root = repoRoot): string[] {
  const skip = new Set(['.git', 'node_modules', '.next', '.artifacts', '.tools', '.data', 'dist']);
  return walk(root, '', (path, isDirectory) => (isDirectory ? !skip.has(path.split('/').pop()!) : true)).filter(
    (path) => /(^|\/)(Dockerfile(\.[^/]+)?|[^/]+\.Dockerfile)$/.test(path),
  );
}

export function scanDockerfiles(known: readonly KnownSecret[], root = repoRoot): ScanArea {
  return scanFiles('image recipes (Dockerfiles)', root, findDockerfiles(root), (file, text) => [
    ...findDockerfileSecrets(file, text),
    ...findSecrets(file, text, known),
  ]);
}

/** The client bundles of the last `next build`: every file a browser may download from /_next/static. */
export function scanClientBundles(known: readonly KnownSecret[], root = repoRoot): ScanArea {
  const staticDir = join(root, 'bff', '.next', 'static');
  if (!existsSync(staticDir))
    return { name: 'client bundles (bff/.next/static)', filesScanned: 0, filesSkipped: 0, findings: [] };
  const files = walk(staticDir, '', () => true).map((file) =>
    relative(root, join(staticDir, file)).split(sep).join('/'),
  );
  return scanFiles('client bundles (bff/.next/static)', root, files, (file, text) => findSecrets(file, text, known));
}

/** The secret values `npm run up` generated on this machine (.data/dev.env), when it ran here. */
export function devSecrets(root = repoRoot): KnownSecret[] {
  const file = join(root, '.data', 'dev.env');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => /^([A-Z0-9_]+)=(.*)$/.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null && match[2]!.length >= 16)
    .map((match) => ({ name: `${match[1]} of .data/dev.env`, value: match[2]!.replace(/^["']|["']$/g, '') }));
}

export function withoutAllowed(findings: readonly SecretFinding[]): {
  real: SecretFinding[];
  allowed: SecretFinding[];
} {
  return {
    real: findings.filter((finding) => !isAllowed(finding, ALLOWED_FINDINGS)),
    allowed: findings.filter((finding) => isAllowed(finding, ALLOWED_FINDINGS)),
  };
}
