// Where the offline scanner keeps its kit and its queue: IndexedDB (through idb), per scope — one scan link or one
// member's event — so that a reload, a crash or a flat battery loses no admitted guest. Where IndexedDB is missing
// (some private modes), a memory store keeps the scanner working for the page's life.
import type { DBSchema, IDBPDatabase } from 'idb';
import type { OfflineKitView, ScannerOpenView } from '../../lib/scan-model';
import type { QueuedScan } from './offline-queue';

/** What is kept per scope: the last kit and what the scanner opened with (to start offline after a reload). */
export interface StoredKit {
  scope: string;
  kit: OfflineKitView;
  opened: ScannerOpenView | null;
  /** When it was saved here (ISO). */
  savedAt: string;
}

export interface ScannerStore {
  loadKit(scope: string): Promise<StoredKit | undefined>;
  saveKit(entry: StoredKit): Promise<void>;
  loadQueue(scope: string): Promise<QueuedScan[]>;
  enqueue(scope: string, scan: QueuedScan): Promise<void>;
  removeFromQueue(nonces: readonly string[]): Promise<void>;
  /** Forget a scope entirely (its link was revoked). */
  clear(scope: string): Promise<void>;
}

interface QueueRow extends QueuedScan {
  scope: string;
}

interface ScannerDb extends DBSchema {
  kits: { key: string; value: StoredKit };
  queue: { key: string; value: QueueRow; indexes: { scope: string } };
}

const DB_NAME = 'kassa-scanner';
const DB_VERSION = 1;

function byScanTime(rows: QueuedScan[]): QueuedScan[] {
  return rows.sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
}

function stripScope({ scope: _scope, ...scan }: QueueRow): QueuedScan {
  return scan;
}

/** The IndexedDB store; rejects when the browser has no usable IndexedDB. */
export async function openIndexedDbStore(): Promise<ScannerStore> {
  if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available');
  const { openDB } = await import('idb');
  const db: IDBPDatabase<ScannerDb> = await openDB<ScannerDb>(DB_NAME, DB_VERSION, {
    upgrade(database) {
      database.createObjectStore('kits', { keyPath: 'scope' });
      database.createObjectStore('queue', { keyPath: 'nonce' }).createIndex('scope', 'scope');
    },
  });
  return {
    loadKit: (scope) => db.get('kits', scope),
    saveKit: async (entry) => {
      await db.put('kits', entry);
    },
    loadQueue: async (scope) => byScanTime((await db.getAllFromIndex('queue', 'scope', scope)).map(stripScope)),
    enqueue: async (scope, scan) => {
      await db.put('queue', { ...scan, scope });
    },
    removeFromQueue: async (nonces) => {
      const tx = db.transaction('queue', 'readwrite');
      await Promise.all([...nonces.map((nonce) => tx.store.delete(nonce)), tx.done]);
    },
    clear: async (scope) => {
      const tx = db.transaction(['kits', 'queue'], 'readwrite');
      const keys = await tx.objectStore('queue').index('scope').getAllKeys(scope);
      await Promise.all([
        tx.objectStore('kits').delete(scope),
        ...keys.map((key) => tx.objectStore('queue').delete(key)),
        tx.done,
      ]);
    },
  };
}

/** A store in memory: for tests, and where IndexedDB is unavailable. */
export function createMemoryStore(): ScannerStore {
  const kits = new Map<string, StoredKit>();
  const queue = new Map<string, QueueRow>();
  return {
    loadKit: async (scope) => kits.get(scope),
    saveKit: async (entry) => {
      kits.set(entry.scope, entry);
    },
    loadQueue: async (scope) => byScanTime([...queue.values()].filter((row) => row.scope === scope).map(stripScope)),
    enqueue: async (scope, scan) => {
      queue.set(scan.nonce, { ...scan, scope });
    },
    removeFromQueue: async (nonces) => {
      for (const nonce of nonces) queue.delete(nonce);
    },
    clear: async (scope) => {
      kits.delete(scope);
      for (const [nonce, row] of queue) if (row.scope === scope) queue.delete(nonce);
    },
  };
}

/** IndexedDB when the browser has it, else memory. */
export async function openScannerStore(): Promise<ScannerStore> {
  try {
    return await openIndexedDbStore();
  } catch {
    return createMemoryStore();
  }
}
