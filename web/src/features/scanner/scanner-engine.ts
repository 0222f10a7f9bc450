// The scanner's brain, apart from React and the browser's devices so that it can be tested as it is: it opens the
// scanner, keeps the offline kit fresh, scans online (retrying with the same nonce while the network fails), falls
// back to the offline kit when the network is gone, queues offline admissions and uploads them when it is back.
// Screens read its snapshots (useSyncExternalStore); timers and browser events are wired by useScanner.
import type { ApiResult } from '../../lib/api-result';
import type {
  OfflineKitView,
  OfflineScanInput,
  ScanCountsView,
  ScannedTicketView,
  ScannerOpenView,
  ScanOutcomeView,
  SyncResultView,
} from '../../lib/scan-model';
import type { SignatureVerifier } from './ed25519';
import {
  applySyncOutcomes,
  localCheckIns,
  nextBatch,
  type QueuedScan,
  type SyncNotice,
  toUpload,
  withCheckIns,
} from './offline-queue';
import { downloadOfflineKit } from './offline-kit-download';
import type { ScannerStore } from './offline-store';
import { type LocalCheckIn, verifyOffline } from './offline-verify';
import { isAccessRevoked, isNetworkFailure, newScanNonce, type RetryOptions, withRetry } from './scan-retry';
import type { ShownResult } from './scan-presentation';

/** The BFF's scanner routes, for one way in (a link or a member's event). */
export interface ScannerApi {
  open(deviceId: string): Promise<ApiResult<ScannerOpenView>>;
  scan(input: { code: string; nonce: string; deviceId: string }): Promise<ApiResult<ScanOutcomeView>>;
  /** One page of the offline kit ('' for the first). */
  offlineKit(deviceId: string, pageToken: string): Promise<ApiResult<OfflineKitView>>;
  sync(input: { deviceId: string; scans: OfflineScanInput[] }): Promise<ApiResult<SyncResultView>>;
}

/** A result on screen. */
export interface ShownScan {
  /** The scan's nonce: a new result, even for the same code, is a new screen. */
  id: string;
  result: ShownResult;
  ticket: ScannedTicketView | null;
  checkedInAt: string;
  checkedInByDevice: string;
  /** Decided on this device from the offline kit (and queued when admitted). */
  offline: boolean;
}

export type ScannerPhase = 'loading' | 'ready' | 'revoked' | 'unavailable';

export interface ScannerSnapshot {
  phase: ScannerPhase;
  opened: ScannerOpenView | null;
  counts: ScanCountsView | null;
  /** False after a call failed for the network's sake (or the browser says so), true after one succeeded. */
  online: boolean;
  /** When the kit in use was made ('' without one). */
  kitGeneratedAt: string;
  kitTickets: number;
  queueLength: number;
  syncing: boolean;
  /** Offline admissions the server did not simply accept (conflicts, rejections), newest first. */
  notices: SyncNotice[];
  shown: ShownScan | null;
  /** A scan is on its way. */
  busy: boolean;
  /** Seconds to wait after the BFF refused for too many scans; 0 otherwise. */
  rateLimitedSeconds: number;
}

export interface ScannerEngineOptions {
  api: ScannerApi;
  store: ScannerStore;
  verify: SignatureVerifier;
  /** Which kit and queue: one per link or per member's event. */
  scope: string;
  deviceId: string;
  /** What the page's server render opened the scanner with, if it could. */
  initial: ScannerOpenView | null;
  now?: () => Date;
  /** navigator.onLine, where there is one. */
  browserOnline?: () => boolean;
  newNonce?: () => string;
  retry?: RetryOptions;
  /** Called for every result shown (the beeps). */
  onShown?: (shown: ShownScan) => void;
}

const INITIAL: ScannerSnapshot = {
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

export class ScannerEngine {
  private snapshot: ScannerSnapshot;
  private readonly listeners = new Set<() => void>();
  private kit: OfflineKitView | null = null;
  private queue: QueuedScan[] = [];
  /** Admissions the server confirmed that the kit in hand does not show yet. */
  private synced: LocalCheckIn[] = [];
  private syncRun: Promise<void> | null = null;
  /**
   * Uploads that emptied part of the queue so far. Server counts plus the queue are right only if no upload happened
   * between asking and answering: an answer asked for before an upload would count its admissions neither on the
   * server nor in the queue (a door that saw 2 would drop back to 1).
   */
  private uploads = 0;
  private readonly now: () => Date;
  private readonly browserOnline: () => boolean;
  private readonly newNonce: () => string;

  constructor(private readonly options: ScannerEngineOptions) {
    this.now = options.now ?? (() => new Date());
    this.browserOnline = options.browserOnline ?? (() => true);
    this.newNonce = options.newNonce ?? newScanNonce;
    this.snapshot = options.initial
      ? { ...INITIAL, phase: 'ready', opened: options.initial, counts: options.initial.counts }
      : INITIAL;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): ScannerSnapshot => this.snapshot;

  private update(patch: Partial<ScannerSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  private setKit(kit: OfflineKitView | null): void {
    this.kit = kit;
    this.update({ kitGeneratedAt: kit?.generatedAt ?? '', kitTickets: kit?.tickets.length ?? 0 });
  }

  private revoke(): void {
    this.kit = null;
    this.queue = [];
    this.update({ phase: 'revoked', shown: null, busy: false, queueLength: 0, kitGeneratedAt: '', kitTickets: 0 });
    void this.options.store.clear(this.options.scope).catch(() => undefined);
  }

  /** Reads what this device kept, opens the scanner (unless the server render did), and fetches a fresh kit. */
  async start(): Promise<void> {
    const { store, scope, api, deviceId } = this.options;
    const [stored, queue] = await Promise.all([
      store.loadKit(scope).catch(() => undefined),
      store.loadQueue(scope).catch(() => []),
    ]);
    this.queue = queue;
    if (stored) this.setKit(stored.kit);
    const openedBefore = this.snapshot.opened;
    this.update({
      queueLength: queue.length,
      ...(openedBefore ? { counts: this.countsWithQueue(openedBefore.counts) } : {}),
    });

    if (!this.snapshot.opened) {
      const opened = await api.open(deviceId);
      if (opened.ok) {
        this.update({
          phase: 'ready',
          opened: opened.data,
          counts: this.countsWithQueue(opened.data.counts),
          online: true,
        });
      } else if (isAccessRevoked(opened)) {
        this.revoke();
        return;
      } else if (stored?.opened) {
        // The network is gone but this device scanned here before: carry on from what it kept.
        this.update({
          phase: 'ready',
          opened: stored.opened,
          counts: this.countsWithQueue(stored.kit.counts),
          online: false,
        });
      } else {
        this.update({ phase: 'unavailable', online: !isNetworkFailure(opened) });
        return;
      }
    }
    await this.refreshKit();
    if (this.queue.length > 0) await this.sync();
  }

  /** Downloads the offline kit and keeps it (every minute while online). */
  async refreshKit(): Promise<void> {
    if (this.snapshot.phase === 'revoked') return;
    const uploadsBefore = this.uploads;
    const answer = await downloadOfflineKit((pageToken) =>
      this.options.api.offlineKit(this.options.deviceId, pageToken),
    );
    if (answer.ok) {
      const kit = answer.data;
      // A confirmed admission the new kit already shows needs no more remembering.
      const checkedIn = new Set(kit.tickets.filter((ticket) => ticket.checkedInAt).map((ticket) => ticket.id));
      this.synced = this.synced.filter((checkIn) => !checkedIn.has(checkIn.ticketId));
      this.setKit(withCheckIns(kit, this.synced));
      this.update({
        ...(this.uploads === uploadsBefore ? { counts: this.countsWithQueue(kit.counts) } : {}),
        online: true,
      });
      const opened = this.snapshot.opened;
      await this.options.store
        .saveKit({ scope: this.options.scope, kit, opened, savedAt: this.now().toISOString() })
        .catch(() => undefined);
      if (this.queue.length > 0) void this.sync();
      return;
    }
    if (isAccessRevoked(answer)) this.revoke();
    else if (isNetworkFailure(answer)) this.update({ online: false });
  }

  /** Re-reads the live counts (OpenScanner), so that other doors' admissions show here too. */
  async refreshCounts(): Promise<void> {
    // A scanner that could not open (no network, nothing kept) keeps trying on the same timer.
    if (this.snapshot.phase === 'unavailable') return this.start();
    if (this.snapshot.phase !== 'ready') return;
    const uploadsBefore = this.uploads;
    const answer = await this.options.api.open(this.options.deviceId);
    if (answer.ok) {
      this.update({
        opened: answer.data,
        ...(this.uploads === uploadsBefore ? { counts: this.countsWithQueue(answer.data.counts) } : {}),
        online: true,
      });
      if (this.queue.length > 0) void this.sync();
    } else if (isAccessRevoked(answer)) this.revoke();
    else if (isNetworkFailure(answer)) this.update({ online: false });
  }

  /** Server counts do not include what waits in the queue: the door sees both. */
  private countsWithQueue(counts: ScanCountsView): ScanCountsView {
    return { sold: counts.sold, checkedIn: counts.checkedIn + this.queue.length };
  }

  /** The browser's online/offline events. */
  setOnline(online: boolean): void {
    this.update({ online });
    if (online && this.queue.length > 0) void this.sync();
  }

  /** Scans a code read by the camera or typed in. Ignored while a result is on screen or a scan is on its way. */
  async submit(raw: string): Promise<ShownScan | null> {
    const code = raw.trim();
    if (code === '' || this.snapshot.phase !== 'ready' || this.snapshot.busy || this.snapshot.shown) return null;
    const nonce = this.newNonce();
    this.update({ busy: true, rateLimitedSeconds: 0 });
    try {
      if (!this.browserOnline() || !this.snapshot.online) {
        // Known to be offline: decide at once from the kit rather than keep the guest waiting on a dead line, and
        // probe in the background so that the next scan goes online again as soon as it can.
        if (this.browserOnline()) void this.refreshCounts();
        return this.show(await this.decideOffline(code, nonce));
      }
      const answer = await withRetry(
        () => this.options.api.scan({ code, nonce, deviceId: this.options.deviceId }),
        this.options.retry,
      );
      if (answer.ok) {
        const outcome = answer.data;
        this.update({ online: true, ...(outcome.counts ? { counts: this.countsWithQueue(outcome.counts) } : {}) });
        if (this.queue.length > 0) void this.sync();
        this.rememberOnlineCheckIn(outcome);
        return this.show({
          id: nonce,
          result: outcome.result,
          ticket: outcome.ticket,
          checkedInAt: outcome.checkedInAt,
          checkedInByDevice: outcome.checkedInByDevice,
          offline: false,
        });
      }
      if (isAccessRevoked(answer)) {
        this.revoke();
        return null;
      }
      if (answer.status === 429) {
        this.update({ rateLimitedSeconds: answer.retryAfterSeconds ?? 1 });
        return null;
      }
      if (answer.status === 400) {
        // The BFF refused the code's shape (say, far too long): not a ticket.
        return this.show({
          id: nonce,
          result: 'invalid',
          ticket: null,
          checkedInAt: '',
          checkedInByDevice: '',
          offline: false,
        });
      }
      this.update({ online: false });
      return this.show(await this.decideOffline(code, nonce));
    } finally {
      this.update({ busy: false });
    }
  }

  /**
   * An admission (or an "already used") the server answered goes into the kit at once: if the network drops right
   * after, the same ticket must not be admitted again offline until the next kit download.
   */
  private rememberOnlineCheckIn(outcome: ScanOutcomeView): void {
    if (
      !this.kit ||
      !outcome.ticket ||
      !outcome.checkedInAt ||
      (outcome.result !== 'valid' && outcome.result !== 'already_used')
    )
      return;
    const ticket = this.kit.tickets.find((candidate) => candidate.reference === outcome.ticket!.reference);
    if (!ticket || ticket.checkedInAt) return;
    const device = outcome.result === 'valid' ? (this.snapshot.opened?.deviceName ?? '') : outcome.checkedInByDevice;
    const checkIn: LocalCheckIn = { ticketId: ticket.id, checkedInAt: outcome.checkedInAt, device };
    this.synced = [...this.synced, checkIn];
    this.setKit(withCheckIns(this.kit, [checkIn]));
  }

  private show(shown: ShownScan): ShownScan {
    this.update({ shown });
    this.options.onShown?.(shown);
    return shown;
  }

  /** Decides from the kit; a valid ticket is admitted here and queued under the scan's nonce. */
  private async decideOffline(code: string, nonce: string): Promise<ShownScan> {
    const kit = this.kit;
    if (!kit)
      return { id: nonce, result: 'unverifiable', ticket: null, checkedInAt: '', checkedInByDevice: '', offline: true };
    const decision = await verifyOffline(code, kit, localCheckIns(this.queue, this.synced), this.options.verify);
    const shown: ShownScan = {
      id: nonce,
      result: decision.result,
      ticket: decision.ticket,
      checkedInAt: decision.checkedInAt,
      checkedInByDevice: decision.checkedInByDevice,
      offline: true,
    };
    if (decision.result !== 'valid') return shown;
    const scannedAt = this.now().toISOString();
    const device = this.snapshot.opened?.deviceName ?? '';
    const queued: QueuedScan = {
      nonce,
      code,
      scannedAt,
      ticketId: decision.ticketId,
      reference: decision.ticket?.reference ?? '',
      device,
    };
    // Kept before it is shown: once the door waves the guest in, a reload must not forget it.
    await this.options.store.enqueue(this.options.scope, queued).catch(() => undefined);
    this.queue = [...this.queue, queued];
    const counts = this.snapshot.counts;
    this.update({
      queueLength: this.queue.length,
      ...(counts ? { counts: { ...counts, checkedIn: counts.checkedIn + 1 } } : {}),
    });
    return { ...shown, checkedInAt: scannedAt };
  }

  /** Uploads the queue in batches; one run at a time. Stops at the first failure and tries again later. */
  sync(): Promise<void> {
    this.syncRun ??= this.runSync().finally(() => {
      this.syncRun = null;
      this.update({ syncing: false });
    });
    return this.syncRun;
  }

  private async runSync(): Promise<void> {
    let confirmedAny = false;
    while (this.queue.length > 0 && this.snapshot.phase === 'ready') {
      this.update({ syncing: true });
      const batch = nextBatch(this.queue);
      const answer = await this.options.api.sync({ deviceId: this.options.deviceId, scans: toUpload(batch) });
      if (!answer.ok) {
        if (isAccessRevoked(answer)) this.revoke();
        else if (isNetworkFailure(answer)) this.update({ online: false });
        return;
      }
      const applied = applySyncOutcomes(batch, answer.data.outcomes);
      if (applied.done.length === 0) return;
      confirmedAny = true;
      await this.options.store.removeFromQueue(applied.done).catch(() => undefined);
      const done = new Set(applied.done);
      this.queue = this.queue.filter((scan) => !done.has(scan.nonce));
      this.uploads += 1;
      this.synced = [...this.synced, ...applied.checkIns];
      if (this.kit) this.setKit(withCheckIns(this.kit, applied.checkIns));
      const known = new Set(this.snapshot.notices.map((notice) => notice.nonce));
      const notices = [
        ...applied.notices.filter((notice) => !known.has(notice.nonce)).reverse(),
        ...this.snapshot.notices,
      ];
      this.update({
        online: true,
        queueLength: this.queue.length,
        notices,
        ...(answer.data.counts ? { counts: this.countsWithQueue(answer.data.counts) } : {}),
      });
    }
    if (confirmedAny) void this.refreshKit();
  }

  dismiss(): void {
    if (this.snapshot.shown) this.update({ shown: null });
  }

  dismissNotice(nonce: string): void {
    this.update({ notices: this.snapshot.notices.filter((notice) => notice.nonce !== nonce) });
  }
}
