// Runs in Chromium (bundled by offline-kit.ts with esbuild): the scanner's own code for the offline kit, timed as a
// phone does it: every page downloaded and parsed (downloadOfflineKit), the kit kept in IndexedDB (the scanner's
// store), then codes decided offline from it (verifyOffline, Ed25519 by WebCrypto). `bare` times only fetching and
// parsing the same bytes from a plain file server: the baseline.
import { downloadOfflineKit } from '../../../web/src/features/scanner/offline-kit-download';
import { openIndexedDbStore } from '../../../web/src/features/scanner/offline-store';
import { verifyOffline } from '../../../web/src/features/scanner/offline-verify';
import { createEd25519Verifier } from '../../../web/src/features/scanner/ed25519';
import type { ApiResult } from '../../../web/src/lib/api-result';
import type { OfflineKitView } from '../../../web/src/lib/scan-model';

export interface KitProbeInput {
  secret: string;
  deviceId: string;
  /** Codes to decide offline from the downloaded kit. */
  codes: string[];
  /** false: the whole kit in one answer, as scanners before paging asked for it. */
  paged: boolean;
}

export interface KitProbeResult {
  downloadMs: number;
  storeMs: number;
  verifyMsEach: number;
  pages: number;
  bytes: number;
  tickets: number;
  results: string[];
}

async function probe(input: KitProbeInput): Promise<KitProbeResult> {
  let pages = 0;
  let bytes = 0;
  const fetchPage = async (pageToken: string): Promise<ApiResult<OfflineKitView>> => {
    const response = await fetch('/api/scan/offline-kit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        secret: input.secret,
        deviceId: input.deviceId,
        ...(input.paged ? { pageToken } : {}),
      }),
    });
    const text = await response.text();
    pages += 1;
    bytes += text.length;
    if (!response.ok) return { ok: false, status: response.status, message: text.slice(0, 200), fields: {} };
    const data = JSON.parse(text) as OfflineKitView;
    return { ok: true, data: input.paged ? data : { ...data, nextPageToken: '' } };
  };
  const started = performance.now();
  const answer = await downloadOfflineKit(fetchPage);
  const downloadMs = performance.now() - started;
  if (!answer.ok) throw new Error(`the kit did not download: ${answer.status} ${answer.message}`);
  const kit = answer.data;

  const store = await openIndexedDbStore();
  const storing = performance.now();
  await store.saveKit({ scope: `bench:${input.paged}`, kit, opened: null, savedAt: new Date().toISOString() });
  const storeMs = performance.now() - storing;

  const verify = createEd25519Verifier();
  const results: string[] = [];
  const verifying = performance.now();
  for (const code of input.codes) results.push((await verifyOffline(code, kit, new Map(), verify)).result);
  const verifyMsEach = (performance.now() - verifying) / Math.max(1, input.codes.length);
  return { downloadMs, storeMs, verifyMsEach, pages, bytes, tickets: kit.tickets.length, results };
}

/** The baseline: the same answers' bytes from a bare file server, fetched and parsed one after the other. */
async function bare(urls: string[]): Promise<{ downloadMs: number; bytes: number }> {
  let bytes = 0;
  const started = performance.now();
  for (const url of urls) {
    const text = await (await fetch(url)).text();
    bytes += text.length;
    JSON.parse(text);
  }
  return { downloadMs: performance.now() - started, bytes };
}

(globalThis as unknown as { kitProbe: unknown }).kitProbe = { probe, bare };
