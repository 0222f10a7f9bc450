'use client';
// The scanner as the door sees it: the event and its live count, the camera, manual entry of a reference, the
// offline banner with what waits to be uploaded, and what the upload could not simply accept. It takes the engine's
// snapshot and callbacks, so it renders the same in a test as at the door. `fullscreen` fills a phone's screen
// without scrolling (the scan link page); `embedded` sits in the organiser's dashboard.
import { SCAN_INPUT_MAX_LENGTH } from '@kassa/contracts/scan-input';
import {
  Camera as CameraIcon,
  CameraOff,
  CloudUpload,
  Link2,
  RefreshCw,
  ScanLine,
  Wifi,
  WifiOff,
  X,
} from 'lucide-react';
import { useTranslations } from 'next-intl';
import { type FormEvent, type ReactNode, type RefObject, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import type { SyncNotice } from './offline-queue';
import { formatScanMoment } from './scan-moment';
import { ScanResultScreen } from './scan-result-screen';
import type { ScannerSnapshot } from './scanner-engine';
import type { CameraState } from './use-camera';
import { useFormatter } from '../../lib/formatter';

export interface ScannerCameraProps {
  state: CameraState;
  videoRef?: RefObject<HTMLVideoElement | null>;
  start(): void;
  stop(): void;
}

export interface ScannerScreenProps {
  snapshot: ScannerSnapshot;
  camera: ScannerCameraProps;
  /** Through a scan link (no account) or as a member. */
  access: 'link' | 'member';
  layout: 'fullscreen' | 'embedded';
  onSubmit(code: string): void;
  onDismiss(): void;
  onDismissNotice(nonce: string): void;
  onSyncNow(): void;
  onRetry(): void;
  /** Extra controls in the header (the language switch on the link page). */
  headerExtra?: ReactNode;
}

export function ScannerScreen(props: ScannerScreenProps) {
  const { snapshot, layout, access } = props;
  const t = useTranslations('Scanner');
  const fullscreen = layout === 'fullscreen';
  const frame = cn(
    'flex flex-col',
    fullscreen
      ? 'h-dvh w-full overflow-hidden overscroll-none bg-zinc-950 text-white'
      : 'gap-4 rounded-lg border border-border bg-card p-4 text-card-foreground',
  );

  if (snapshot.phase === 'revoked') {
    return (
      <section
        data-testid="scanner"
        data-phase="revoked"
        className={cn(frame, 'items-center justify-center gap-3 p-6 text-center')}
      >
        <div data-testid="scanner-revoked" className="flex max-w-md flex-col items-center gap-3">
          <Link2 aria-hidden className="size-12 opacity-70" />
          <h1 className="text-2xl font-semibold">{access === 'link' ? t('revoked.title') : t('revoked.member')}</h1>
          {access === 'link' && <p className="opacity-80">{t('revoked.body')}</p>}
        </div>
      </section>
    );
  }

  if (snapshot.phase === 'loading' || snapshot.phase === 'unavailable') {
    return (
      <section
        data-testid="scanner"
        data-phase={snapshot.phase}
        className={cn(frame, 'items-center justify-center gap-3 p-6 text-center')}
      >
        {snapshot.phase === 'loading' ? (
          <p data-testid="scanner-loading" className="opacity-80">
            {t('loading')}
          </p>
        ) : (
          <div data-testid="scanner-unavailable" className="flex max-w-md flex-col items-center gap-3">
            <WifiOff aria-hidden className="size-12 opacity-70" />
            <h1 className="text-2xl font-semibold">{t('unavailable.title')}</h1>
            <p className="opacity-80">{t('unavailable.body')}</p>
            <Button size="lg" onClick={props.onRetry} className="h-14 px-8 text-lg">
              <RefreshCw aria-hidden />
              {t('unavailable.retry')}
            </Button>
          </div>
        )}
      </section>
    );
  }

  return (
    <section
      data-testid="scanner"
      data-phase="ready"
      data-online={snapshot.online ? 'true' : 'false'}
      className={frame}
    >
      <ScannerHeader snapshot={snapshot} fullscreen={fullscreen} extra={props.headerExtra} />
      <OfflineBanner snapshot={snapshot} fullscreen={fullscreen} onSyncNow={props.onSyncNow} />
      {snapshot.rateLimitedSeconds > 0 && (
        <p
          role="alert"
          data-testid="scanner-rate-limited"
          className="bg-amber-500 px-4 py-2 text-sm font-medium text-black"
        >
          {t('rateLimited', { seconds: snapshot.rateLimitedSeconds })}
        </p>
      )}
      <CameraView camera={props.camera} fullscreen={fullscreen} />
      <NoticeList notices={snapshot.notices} fullscreen={fullscreen} onDismiss={props.onDismissNotice} />
      <ManualEntry busy={snapshot.busy} fullscreen={fullscreen} onSubmit={props.onSubmit} />
      {snapshot.shown && <ScanResultScreen shown={snapshot.shown} onDismiss={props.onDismiss} />}
    </section>
  );
}

function ScannerHeader({
  snapshot,
  fullscreen,
  extra,
}: {
  snapshot: ScannerSnapshot;
  fullscreen: boolean;
  extra?: ReactNode;
}) {
  const t = useTranslations('Scanner');
  const counts = snapshot.counts;
  // Two rows, so that a phone's width fits the event's name and a count that reads from arm's length.
  return (
    <header className={cn('flex flex-col gap-1', fullscreen && 'px-4 pb-2 pt-3')}>
      <div className="flex items-center gap-2">
        <p
          className={cn('min-w-0 flex-1 truncate font-semibold', fullscreen ? 'text-lg' : 'text-base')}
          data-testid="scanner-event"
        >
          {snapshot.opened?.event.name}
        </p>
        <span
          data-testid="scanner-status"
          data-online={snapshot.online ? 'true' : 'false'}
          className={cn(
            'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium',
            snapshot.online ? 'bg-green-600 text-white' : 'bg-amber-500 text-black',
          )}
        >
          {snapshot.online ? <Wifi aria-hidden className="size-3.5" /> : <WifiOff aria-hidden className="size-3.5" />}
          {snapshot.syncing ? t('status.syncing') : snapshot.online ? t('status.online') : t('status.offline')}
        </span>
        {extra}
      </div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        {counts && (
          <p
            data-testid="scan-counts"
            data-checked-in={counts.checkedIn}
            data-sold={counts.sold}
            className={cn('shrink-0 font-bold tabular-nums', fullscreen ? 'text-2xl' : 'text-xl')}
          >
            {t('counts', { checkedIn: counts.checkedIn, sold: counts.sold })}
          </p>
        )}
        {snapshot.opened?.deviceName && (
          <p className="min-w-0 truncate text-right text-xs opacity-70" data-testid="scanner-device">
            {t('device', { name: snapshot.opened.deviceName })}
          </p>
        )}
      </div>
    </header>
  );
}

function OfflineBanner({
  snapshot,
  fullscreen,
  onSyncNow,
}: {
  snapshot: ScannerSnapshot;
  fullscreen: boolean;
  onSyncNow(): void;
}) {
  const t = useTranslations('Scanner.offline');
  const format = useFormatter();
  if (snapshot.online && snapshot.queueLength === 0) return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      data-queue={snapshot.queueLength}
      data-online={snapshot.online ? 'true' : 'false'}
      className={cn(
        'flex flex-wrap items-center justify-between gap-2 bg-amber-500 px-4 py-2 text-sm text-black',
        !fullscreen && 'rounded-md',
      )}
    >
      <div className="flex flex-col">
        {!snapshot.online && (
          <span className="font-semibold">{snapshot.kitGeneratedAt ? t('banner') : t('noKit')}</span>
        )}
        <span data-testid="offline-queue">{t('queue', { count: snapshot.queueLength })}</span>
        {!snapshot.online && snapshot.kitGeneratedAt && (
          <span className="text-xs">
            {t('kit', { time: formatScanMoment(format, snapshot.kitGeneratedAt), count: snapshot.kitTickets })}
          </span>
        )}
      </div>
      {snapshot.queueLength > 0 && (
        <Button
          size="sm"
          variant="outline"
          className="border-black/40 bg-transparent text-black hover:bg-black/10"
          onClick={onSyncNow}
          loading={snapshot.syncing}
          data-testid="sync-now"
        >
          <CloudUpload aria-hidden />
          {t('syncNow')}
        </Button>
      )}
    </div>
  );
}

function CameraView({ camera, fullscreen }: { camera: ScannerCameraProps; fullscreen: boolean }) {
  const t = useTranslations('Scanner.camera');
  const active = camera.state === 'scanning' || camera.state === 'starting';
  const problem = camera.state === 'denied' || camera.state === 'unavailable' || camera.state === 'failed';
  return (
    <div
      data-testid="scanner-camera"
      data-state={camera.state}
      className={cn(
        'relative flex items-center justify-center overflow-hidden bg-black text-white',
        fullscreen ? 'min-h-0 flex-1' : 'aspect-[4/3] max-h-[60vh] w-full rounded-md',
      )}
    >
      <video
        ref={camera.videoRef}
        data-testid="scanner-video"
        muted
        playsInline
        autoPlay
        className={cn('absolute inset-0 size-full object-cover', !active && 'hidden')}
      />
      {camera.state === 'scanning' && (
        <>
          <div
            aria-hidden
            className="pointer-events-none absolute left-1/2 top-1/2 size-[min(70vw,60%)] max-h-[70%] -translate-x-1/2 -translate-y-1/2 rounded-2xl border-4 border-white/80 shadow-[0_0_0_9999px_rgba(0,0,0,0.35)] aspect-square"
          />
          <p className="absolute bottom-3 left-0 right-0 px-4 text-center text-sm drop-shadow">{t('hint')}</p>
          <Button
            variant="ghost"
            size="icon"
            className="absolute right-2 top-2 bg-black/40 text-white hover:bg-black/60"
            onClick={camera.stop}
            aria-label={t('stop')}
            data-testid="camera-stop"
          >
            <CameraOff aria-hidden />
          </Button>
        </>
      )}
      {camera.state === 'starting' && <p className="relative text-sm opacity-80">{t('starting')}</p>}
      {!active && (
        <div className="relative flex flex-col items-center gap-4 p-6 text-center">
          {problem && (
            <p role="alert" data-testid="camera-message" className="max-w-sm text-sm opacity-90">
              {t(camera.state as 'denied' | 'unavailable' | 'failed')}
            </p>
          )}
          <Button size="lg" onClick={camera.start} data-testid="camera-start" className="h-16 px-8 text-lg">
            <CameraIcon aria-hidden className="size-6!" />
            {t('start')}
          </Button>
        </div>
      )}
    </div>
  );
}

function ManualEntry({
  busy,
  fullscreen,
  onSubmit,
}: {
  busy: boolean;
  fullscreen: boolean;
  onSubmit(code: string): void;
}) {
  const t = useTranslations('Scanner.manual');
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '') return;
    onSubmit(value);
    setValue('');
  };
  return (
    <form
      onSubmit={submit}
      data-testid="manual-entry"
      className={cn('flex flex-col gap-1', fullscreen && 'px-4 pb-[max(1rem,env(safe-area-inset-bottom))] pt-3')}
    >
      <label htmlFor="scan-manual-code" className="text-sm font-medium">
        {t('label')}
      </label>
      <div className="flex gap-2">
        <Input
          id="scan-manual-code"
          data-testid="manual-code"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={t('placeholder')}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={SCAN_INPUT_MAX_LENGTH}
          className={cn(
            'h-14 min-w-0 flex-1 font-mono text-lg uppercase tracking-wider placeholder:font-sans placeholder:normal-case placeholder:tracking-normal',
            fullscreen && 'border-white/30 bg-zinc-900 text-white placeholder:text-zinc-500',
          )}
          aria-describedby="scan-manual-hint"
        />
        <Button type="submit" size="lg" loading={busy} data-testid="manual-submit" className="h-14 px-5 text-base">
          <ScanLine aria-hidden />
          {t('submit')}
        </Button>
      </div>
      <p id="scan-manual-hint" className="text-xs opacity-70">
        {t('hint')}
      </p>
    </form>
  );
}

function NoticeList({
  notices,
  fullscreen,
  onDismiss,
}: {
  notices: SyncNotice[];
  fullscreen: boolean;
  onDismiss(nonce: string): void;
}) {
  const t = useTranslations('Scanner.notices');
  const format = useFormatter();
  if (notices.length === 0) return null;
  return (
    <section
      data-testid="sync-notices"
      aria-labelledby="sync-notices-title"
      className={cn(
        'flex flex-col gap-2 overflow-y-auto border-red-600 bg-red-50 p-3 text-red-950',
        fullscreen ? 'max-h-[30dvh] border-t-4' : 'rounded-md border',
      )}
    >
      <h2 id="sync-notices-title" className="text-sm font-semibold">
        {t('title')}
      </h2>
      <p className="text-xs">{t('intro')}</p>
      <ul className="flex flex-col gap-1.5">
        {notices.map((notice) => {
          const outcome =
            (['conflict', 'canceled', 'unpaid', 'wrong_event', 'invalid'] as const).find(
              (known) => known === notice.outcome,
            ) ?? 'invalid';
          const scanned = formatScanMoment(format, notice.scannedAt);
          return (
            <li
              key={notice.nonce}
              data-testid="sync-notice"
              data-outcome={notice.outcome}
              className="flex items-start justify-between gap-2 rounded bg-white p-2 text-sm"
            >
              <div>
                <p className="font-semibold">
                  {t(outcome)} · <span className="font-mono">{notice.reference || t('unknownReference')}</span>
                </p>
                <p className="text-xs">
                  {notice.outcome === 'conflict'
                    ? t('conflictDetail', {
                        scanned,
                        time: formatScanMoment(format, notice.checkedInAt),
                        device: notice.checkedInByDevice || '—',
                      })
                    : t('rejectedDetail', { scanned })}
                </p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                className="size-8 shrink-0"
                aria-label={t('dismiss')}
                onClick={() => onDismiss(notice.nonce)}
              >
                <X aria-hidden />
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
