// The inline scripts of the pages Next prerendered at build time (the home page, terms, privacy, contact in each
// locale). Their HTML is written once and served as it is, so no request's nonce can be in it: the policy names
// their inline scripts by hash instead, read from the very HTML the server sends. Read once, on first use, from the
// build the server runs (`next start` and the standalone server both run in the directory holding .next).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inlineScriptHashes } from './content-security-policy';

interface PrerenderManifest {
  routes: Record<string, { initialRevalidateSeconds: number | false }>;
}

export interface StaticPagePolicies {
  /** The hash-sources of a prerendered page's inline scripts, by its path (/en/terms); absent for other pages. */
  pages: ReadonlyMap<string, readonly string[]>;
  /**
   * Inline scripts every page's policy names: the prerendered error page's, which Next sends in place of a page
   * whose rendering failed, and those every prerendered page has in common: the theme script next-themes writes
   * (it sets dark mode before the first paint, and takes no nonce from a layout that must stay prerenderable).
   */
  shared: readonly string[];
}

const FALLBACK_DOCUMENTS = ['/_global-error'];

/** From a build directory; an absent build (next dev, which renders every page on request) has none. */
export function readStaticPagePolicies(distDir: string): StaticPagePolicies {
  let manifest: PrerenderManifest;
  try {
    manifest = JSON.parse(readFileSync(join(distDir, 'prerender-manifest.json'), 'utf8')) as PrerenderManifest;
  } catch {
    return { pages: new Map(), shared: [] };
  }
  const pages = new Map<string, readonly string[]>();
  let fallback: readonly string[] = [];
  for (const [route, entry] of Object.entries(manifest.routes)) {
    // A page Next may render again later (revalidation) could carry other scripts: those get a nonce instead.
    if (entry.initialRevalidateSeconds !== false) continue;
    let html: string;
    try {
      html = readFileSync(join(distDir, 'server', 'app', `${route}.html`), 'utf8');
    } catch {
      continue; // not an HTML page (an icon, say)
    }
    const hashes = inlineScriptHashes(html);
    if (FALLBACK_DOCUMENTS.includes(route)) fallback = hashes;
    else pages.set(route, hashes);
  }
  const everywhere =
    [...pages.values()].reduce<readonly string[] | undefined>(
      (common, hashes) => (common ? common.filter((hash) => hashes.includes(hash)) : hashes),
      undefined,
    ) ?? [];
  return { pages, shared: [...new Set([...fallback, ...everywhere])] };
}

let loaded: StaticPagePolicies | undefined;

/** The running server's own build, read on first use. */
export function staticPagePolicies(): StaticPagePolicies {
  loaded ??= readStaticPagePolicies(join(process.cwd(), '.next'));
  return loaded;
}
