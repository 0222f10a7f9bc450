'use client';
// The answer at the door, full screen so that it reads from a metre away: green to admit, amber for a ticket already
// used (with when and at which device), red for every refusal. A tap (or Enter) or ~2.5 s brings the scanner back.
import { Ban, CalendarX, Check, Repeat, WalletCards, WifiOff, X, type LucideIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { cn } from '../../lib/cn';
import { formatScanMoment } from './scan-moment';
import { presentResult, RESULT_DISPLAY_MS, type ResultIcon, TONE_CLASSES } from './scan-presentation';
import type { ShownScan } from './scanner-engine';
import { useFormatter } from '../../lib/formatter';

const ICONS: Record<ResultIcon, LucideIcon> = {
  check: Check,
  repeat: Repeat,
  ban: Ban,
  wallet: WalletCards,
  calendar: CalendarX,
  x: X,
  'wifi-off': WifiOff,
};

export interface ScanResultScreenProps {
  shown: ShownScan;
  onDismiss(): void;
  /** How long it stays; a tap dismisses it sooner. */
  displayMs?: number;
}

export function ScanResultScreen({ shown, onDismiss, displayMs = RESULT_DISPLAY_MS }: ScanResultScreenProps) {
  const t = useTranslations('Scanner.result');
  const format = useFormatter();
  const button = useRef<HTMLButtonElement>(null);
  const presentation = presentResult(shown.result);
  const Icon = ICONS[presentation.icon];

  useEffect(() => {
    button.current?.focus();
    const timer = setTimeout(onDismiss, displayMs);
    return () => clearTimeout(timer);
  }, [shown.id, onDismiss, displayMs]);

  const time = formatScanMoment(format, shown.checkedInAt);
  const body =
    shown.result === 'already_used'
      ? shown.checkedInByDevice
        ? t('already_used.body', { time, device: shown.checkedInByDevice })
        : t('already_used.bodyNoDevice', { time })
      : t(`${shown.result}.body`);

  return (
    <button
      ref={button}
      type="button"
      onClick={onDismiss}
      data-testid="scan-result"
      data-result={shown.result}
      data-offline={shown.offline ? 'true' : 'false'}
      aria-live="assertive"
      className={cn(
        'fixed inset-0 z-50 flex h-dvh w-screen cursor-pointer flex-col items-center justify-center gap-6 p-6 text-center outline-none',
        TONE_CLASSES[presentation.tone],
      )}
    >
      <Icon aria-hidden className="size-32 shrink-0 sm:size-40" strokeWidth={2.5} />
      <span className="text-5xl font-bold leading-tight sm:text-6xl" data-testid="scan-result-title">
        {t(`${shown.result}.title`)}
      </span>
      <span className="max-w-xl text-xl sm:text-2xl" data-testid="scan-result-body">
        {body}
      </span>
      {shown.ticket && (
        <span className="flex flex-col gap-1 text-lg sm:text-xl" data-testid="scan-result-ticket">
          {shown.ticket.reference && (
            <span className="font-mono font-semibold tracking-wider">
              {t('ticket', { reference: shown.ticket.reference })}
            </span>
          )}
          {shown.ticket.itemName && <span>{shown.ticket.itemName}</span>}
        </span>
      )}
      {shown.offline && (
        <span
          className="inline-flex items-center gap-2 rounded-full bg-black/25 px-4 py-1.5 text-base font-medium"
          data-testid="scan-result-offline"
        >
          <WifiOff aria-hidden className="size-4" />
          {t('offline')}
        </span>
      )}
      <span className="absolute bottom-6 left-0 right-0 text-base opacity-80">{t('tapToContinue')}</span>
    </button>
  );
}
