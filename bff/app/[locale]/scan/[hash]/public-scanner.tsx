'use client';
// The scan link's scanner wired to the public routes: the secret goes in every request's body, never in a URL.
import { Scanner, type ScannerApi } from '@kassa/web/features/scanner/scanner';
import type { OfflineKitView, ScannerOpenView, ScanOutcomeView, SyncResultView } from '@kassa/web/lib/scan-model';
import { createScannerCall, SCAN_REQUEST_TIMEOUT_MS } from '@kassa/web/lib/scanner-http';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { Link } from '../../../../i18n/navigation';
import { routing } from '../../../../i18n/routing';

export interface PublicScannerProps {
  secret: string;
  scope: string;
  initial: ScannerOpenView | null;
  deviceId: string;
  locale: string;
}

export function PublicScanner({ secret, scope, initial, deviceId, locale }: PublicScannerProps) {
  const api = useMemo<ScannerApi>(() => {
    const call = createScannerCall();
    const quick = createScannerCall(SCAN_REQUEST_TIMEOUT_MS);
    return {
      open: (device) => call<ScannerOpenView>('POST', '/api/scan/open', { secret, deviceId: device, locale }),
      scan: (input) => quick<ScanOutcomeView>('POST', '/api/scan', { secret, ...input }),
      offlineKit: (device, pageToken) =>
        call<OfflineKitView>('POST', '/api/scan/offline-kit', { secret, deviceId: device, pageToken }),
      sync: (input) => call<SyncResultView>('POST', '/api/scan/sync', { secret, ...input }),
    };
  }, [secret, locale]);

  const tHeader = useTranslations('Header');
  const other = routing.locales.find((candidate) => candidate !== locale) ?? routing.defaultLocale;
  const languageSwitch = (
    <Link
      href={`/scan/${secret}`}
      locale={other}
      lang={other}
      aria-label={tHeader(`localeNames.${other}` as 'localeNames.en')}
      data-testid="scanner-language"
      className="inline-flex h-10 min-w-10 items-center justify-center rounded-md border border-white/30 px-2 text-sm font-semibold uppercase"
    >
      {other}
    </Link>
  );

  return (
    <Scanner
      api={api}
      scope={scope}
      initial={initial}
      deviceId={deviceId}
      access="link"
      layout="fullscreen"
      headerExtra={languageSwitch}
    />
  );
}
