// The Content-Security-Policy of a page: which scripts may run in it. No inline script runs unless the policy names
// it: a page rendered for this request names its scripts by a nonce made for the request (Next puts it on each of
// its own scripts); a page prerendered at build time, whose HTML is the same for everyone, names its inline scripts
// by their SHA-256 (see static-page-policies.ts). docs/ARCHITECTURE.md, "Security headers", says why both.
import { createHash } from 'node:crypto';

/** What is not a page (API answers, files): nothing may load or run, and nothing may frame it. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

export interface PagePolicy {
  /** The request's nonce, on a page rendered for this request. */
  nonce?: string;
  /** 'sha256-…' sources of inline scripts the page may run (a prerendered page's, or a fallback document's). */
  scriptHashes: readonly string[];
  /** A document a scanner can run in: ZXing's WebAssembly reader must compile there. */
  scanner: boolean;
  /** `next dev`: React's debugging needs eval, and the dev server pushes updates over a WebSocket. */
  development: boolean;
  /** Reached over https (the ingress says so): every subresource must come over https too. */
  https: boolean;
}

/** A fresh nonce: 128 random bits, base64, as CSP's nonce-source wants. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** The hash-source of one inline script's text, as the browser computes it. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The hash-sources of every inline script in an HTML document (scripts with a src run by 'self'). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', text = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || text.length === 0) continue;
    hashes.add(scriptHash(text));
  }
  return [...hashes];
}

export function pagePolicy(page: PagePolicy): string {
  const scripts = [
    // Next's own chunks, loaded by its scripts and the browser's parser alike (and, with analytics on, PostHog's own
    // survey and experiment scripts under the ingest path). Our origin serves no file a visitor can write, and JSON
    // answers carry nosniff, so 'self' lets no attacker's text run.
    "'self'",
    ...(page.nonce ? [`'nonce-${page.nonce}'`] : []),
    ...new Set(page.scriptHashes),
    ...(page.scanner ? ["'wasm-unsafe-eval'"] : []),
    ...(page.development ? ["'unsafe-eval'"] : []),
  ];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    // React renders style attributes on the server; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // QR codes and the scanner's frames are data: and blob: images.
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${page.development ? ' ws: wss:' : ''}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(page.https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
