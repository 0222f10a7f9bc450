'use client';
// The scanner engine in a page: made once on the client (device id, IndexedDB, the Ed25519 verifier, the beeps),
// refreshed on timers while the page is open, and told when the browser goes on- or offline.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ScannerOpenView } from '../../lib/scan-model';
import { type Beeper, createBeeper } from './beeper';
import { deviceIdForThisBrowser } from './device-id';
import { createEd25519Verifier } from './ed25519';
import { openScannerStore } from './offline-store';
import { presentResult } from './scan-presentation';
import { type ScannerApi, ScannerEngine, type ScannerSnapshot } from './scanner-engine';

/** The kit is fetched again every minute while online; the counts more often, so that other doors show. */
export const KIT_REFRESH_MS = 60_000;
export const COUNTS_REFRESH_MS = 15_000;
/** While check-ins wait in the queue, upload is tried this often (besides the browser's online event). */
export const SYNC_RETRY_MS = 20_000;

export interface UseScannerOptions {
  api: ScannerApi;
  scope: string;
  initial: ScannerOpenView | null;
  /** The device id the server render used (from the cookie, or a new one). */
  deviceId: string;
}

export interface ScannerHandle {
  snapshot: ScannerSnapshot;
  engine: ScannerEngine | null;
  beeper: Beeper | null;
}

const LOADING: ScannerSnapshot = {
  phase: 'loading',
  opened: null,
  counts: null,
  online: true,
  kitGeneratedAt: '',
  kitTickets: 0,
  queueLength: 0,
  syncing: false,
  notices: [],
  shown: null,
  busy: false,
  rateLimitedSeconds: 0,
};
const noEngine = { subscribe: () => () => undefined };

function initialSnapshot(initial: ScannerOpenView | null): ScannerSnapshot {
  return initial ? { ...LOADING, phase: 'ready', opened: initial, counts: initial.counts } : LOADING;
}

export function useScanner({ api, scope, initial, deviceId }: UseScannerOptions): ScannerHandle {
  const [handle, setHandle] = useState<{ engine: ScannerEngine; beeper: Beeper } | null>(null);

  useEffect(() => {
    let ended = false;
    const timers: ReturnType<typeof setInterval>[] = [];
    const beeper = createBeeper();
    const engineDeviceId = deviceIdForThisBrowser(deviceId);
    let detach = () => {};
    void openScannerStore().then((store) => {
      if (ended) return;
      const engine = new ScannerEngine({
        api,
        store,
        verify: createEd25519Verifier(),
        scope,
        deviceId: engineDeviceId,
        initial,
        browserOnline: () => navigator.onLine !== false,
        onShown: (shown) => {
          const { sound } = presentResult(shown.result);
          beeper.play(sound);
          // A buzz too, for a loud door; where the phone can.
          navigator.vibrate?.(sound === 'accept' ? 80 : [120, 80, 120]);
        },
      });
      setHandle({ engine, beeper });
      void engine.start();
      timers.push(setInterval(() => void engine.refreshKit(), KIT_REFRESH_MS));
      timers.push(setInterval(() => void engine.refreshCounts(), COUNTS_REFRESH_MS));
      timers.push(setInterval(() => void (engine.getSnapshot().queueLength > 0 && engine.sync()), SYNC_RETRY_MS));
      const online = () => {
        engine.setOnline(true);
        void engine.refreshKit();
      };
      const offline = () => engine.setOnline(false);
      window.addEventListener('online', online);
      window.addEventListener('offline', offline);
      if (navigator.onLine === false) engine.setOnline(false);
      detach = () => {
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
      };
    });
    return () => {
      ended = true;
      timers.forEach(clearInterval);
      detach();
    };
    // One engine per scanner (scope): the api and the initial answer belong to the page that made them.
  }, [scope]);

  // Until the engine runs (and on the server), what the server render opened the scanner with.
  const [before] = useState(() => initialSnapshot(initial));
  const source = handle?.engine ?? { subscribe: noEngine.subscribe, getSnapshot: () => before };
  const snapshot = useSyncExternalStore(source.subscribe, source.getSnapshot, () => before);
  return { snapshot, engine: handle?.engine ?? null, beeper: handle?.beeper ?? null };
}
