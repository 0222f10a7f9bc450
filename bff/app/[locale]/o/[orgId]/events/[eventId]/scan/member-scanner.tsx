'use client';
// The member's scanner screen wired to the BFF's routes for this event.
import type { ApiResult } from '@kassa/web/lib/api-result';
import type {
  CreatedScanLinkView,
  OfflineKitView,
  ScanConflictView,
  ScannerOpenView,
  ScanLinkView,
  ScanOutcomeView,
  SyncResultView,
} from '@kassa/web/lib/scan-model';
import { EventScannerScreen } from '@kassa/web/features/scanner/event-scanner-screen';
import type { ScannerApi } from '@kassa/web/features/scanner/scanner';
import { createScannerCall, SCAN_REQUEST_TIMEOUT_MS } from '@kassa/web/lib/scanner-http';
import type { ScanLinkActions } from '@kassa/web/features/scanner/scan-links-panel';
import { useMemo } from 'react';

export interface MemberScannerProps {
  orgId: string;
  eventId: string;
  eventName: string;
  scope: string;
  initial: ScannerOpenView | null;
  deviceId: string;
  locale: string;
  links: ScanLinkView[];
  conflicts: ScanConflictView[];
}

export function MemberScanner({
  orgId,
  eventId,
  eventName,
  scope,
  initial,
  deviceId,
  locale,
  links,
  conflicts,
}: MemberScannerProps) {
  const base = `/api/organisations/${encodeURIComponent(orgId)}/events/${encodeURIComponent(eventId)}`;
  const call = useMemo(() => createScannerCall(), []);
  const quick = useMemo(() => createScannerCall(SCAN_REQUEST_TIMEOUT_MS), []);

  const api = useMemo<ScannerApi>(() => {
    const device = (deviceId: string) => `deviceId=${encodeURIComponent(deviceId)}`;
    return {
      open: (deviceId) =>
        call<ScannerOpenView>('GET', `${base}/scan?${device(deviceId)}&locale=${encodeURIComponent(locale)}`),
      scan: (input) => quick<ScanOutcomeView>('POST', `${base}/scan`, input),
      offlineKit: (deviceId, pageToken) =>
        call<OfflineKitView>(
          'GET',
          `${base}/scan/offline-kit?${device(deviceId)}&pageToken=${encodeURIComponent(pageToken)}`,
        ),
      sync: (input) => call<SyncResultView>('POST', `${base}/scan/sync`, input),
    };
  }, [base, call, quick, locale]);

  const linkActions = useMemo<ScanLinkActions>(
    () => ({
      list: () => call<{ links: ScanLinkView[] }>('GET', `${base}/scan-links`),
      create: (name: string, expiresAt?: string) =>
        call<CreatedScanLinkView>('POST', `${base}/scan-links`, { name, ...(expiresAt ? { expiresAt } : {}) }),
      revoke: (linkId) =>
        call<{ link: ScanLinkView }>('POST', `${base}/scan-links/${encodeURIComponent(linkId)}/revoke`),
    }),
    [base, call],
  );

  const loadConflicts = (): Promise<ApiResult<{ conflicts: ScanConflictView[] }>> =>
    call('GET', `${base}/scan/conflicts`);

  return (
    <EventScannerScreen
      eventName={eventName}
      scanner={{ api, scope, initial, deviceId }}
      links={links}
      linkActions={linkActions}
      conflicts={conflicts}
      loadConflicts={loadConflicts}
    />
  );
}
