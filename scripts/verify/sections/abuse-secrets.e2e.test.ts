// `npm run verify`'s abuse section, its secrets part: no secret in the files git tracks, in what the image recipes
// can copy or in the recipes themselves, in the client bundles every visitor downloads, or in the pages the BFF
// serves. The bundles and pages are also searched for the exact secret values of the running platform (the e2e
// stack's) and of `npm run up` (.data/dev.env, when it ran on this machine): the BFF is built before any stack
// starts, so a value that reached a bundle could only have come from a file or the build's environment.
import { recordFigures, mustBeAtLeast, mustBeZero, type VerifyFigure } from '../figures';
import {
  ALLOWED_FINDINGS,
  devSecrets,
  scanClientBundles,
  scanDockerfiles,
  scanImageContext,
  scanRepository,
  withoutAllowed,
  type ScanArea,
} from '../abuse/secrets';
import { findSecrets, type KnownSecret } from '../abuse/secret-rules';
import { stackInfo } from '@kassa/testing/stack-info';

const SECTION = 'abuse';

/** The running platform's secrets: what a leak would expose. */
function runningSecrets(): KnownSecret[] {
  const stack = stackInfo();
  const known: KnownSecret[] = [];
  for (const name of ['KASSA_SEALING_KEY', 'KASSA_CALLER_KEY', 'EMAIL_WEBHOOK_SECRET']) {
    const value = stack.env[name] ?? (name === 'EMAIL_WEBHOOK_SECRET' ? stack.emailWebhookSecret : undefined);
    if (value) known.push({ name: `${name} of the running e2e stack`, value });
  }
  return known;
}

describe('abuse: secrets', () => {
  it('no secret in the repository, the image recipes and context, the client bundles or the served pages', async () => {
    const known = [...runningSecrets(), ...devSecrets()];
    const areas: ScanArea[] = [
      scanRepository(known),
      scanImageContext(known),
      scanDockerfiles(known),
      scanClientBundles(known),
    ];

    // Pages as a visitor gets them, with their inline scripts and the RSC payload.
    const { bffUrl } = stackInfo();
    const pages: ScanArea = { name: 'served pages', filesScanned: 0, filesSkipped: 0, findings: [] };
    for (const path of ['/', '/sign-in', '/terms', '/privacy', '/contact', '/nl', '/api/build']) {
      const response = await fetch(`${bffUrl}${path}`, { redirect: 'follow' });
      pages.filesScanned++;
      pages.findings.push(...findSecrets(path, await response.text(), known));
    }
    areas.push(pages);

    const findings = areas.flatMap((area) => area.findings);
    const { real, allowed } = withoutAllowed(findings);
    for (const finding of real)
      console.log(`secret: ${finding.file}:${finding.line} ${finding.rule} (${finding.excerpt})`);
    for (const finding of allowed)
      console.log(
        `allowed fixture: ${finding.file}:${finding.line} ${finding.rule}: ${ALLOWED_FINDINGS.find((entry) => entry.file === finding.file && entry.rule === finding.rule)?.reason}`,
      );

    const byName = new Map(areas.map((area) => [area.name, area]));
    const figures: VerifyFigure[] = [
      mustBeZero(
        SECTION,
        'secrets found (repository, image recipes and context, client bundles, pages)',
        real.length,
        real
          .slice(0, 3)
          .map((f) => `${f.file}:${f.line} ${f.rule}`)
          .join('; ') || undefined,
      ),
      mustBeAtLeast(
        SECTION,
        'secrets: repository files scanned (git ls-files)',
        byName.get('repository (git ls-files)')!.filesScanned,
        100,
      ),
      mustBeAtLeast(
        SECTION,
        'secrets: image build context files scanned (after .dockerignore)',
        byName.get('image build context (after .dockerignore)')!.filesScanned,
        100,
      ),
      mustBeAtLeast(
        SECTION,
        'secrets: image recipes scanned (Dockerfiles)',
        byName.get('image recipes (Dockerfiles)')!.filesScanned,
        2,
      ),
      mustBeAtLeast(
        SECTION,
        'secrets: client bundle files scanned (bff/.next/static)',
        byName.get('client bundles (bff/.next/static)')!.filesScanned,
        10,
      ),
      mustBeAtLeast(SECTION, 'secrets: running secret values searched for', known.length, 2),
    ];
    recordFigures(SECTION, figures);
    console.log(figures.map((f) => `${f.ok ? 'ok ' : 'NO '} ${f.figure}: ${f.value} (must be ${f.mustBe})`).join('\n'));
    expect(figures.filter((figure) => !figure.ok)).toEqual([]);
  });
});
