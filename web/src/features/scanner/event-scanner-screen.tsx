'use client';
// /o/{orgId}/events/{eventId}/scan for members holding "checkin": the scanner itself, the event's scan links (for
// door staff without an account) and the conflicts offline scanners reported.
import { useTranslations } from 'next-intl';
import type { ScanConflictView, ScanLinkView } from '../../lib/scan-model';
import { PageHeader } from '../dashboard/page-header';
import { ConflictsPanel, type ConflictsPanelProps } from './conflicts-panel';
import { type ScanLinkActions, ScanLinksPanel } from './scan-links-panel';
import { Scanner, type ScannerProps } from './scanner';

export interface EventScannerScreenProps {
  eventName: string;
  scanner: Omit<ScannerProps, 'access' | 'layout'>;
  links: ScanLinkView[];
  linkActions: ScanLinkActions;
  conflicts: ScanConflictView[];
  loadConflicts: ConflictsPanelProps['load'];
}

export function EventScannerScreen({
  eventName,
  scanner,
  links,
  linkActions,
  conflicts,
  loadConflicts,
}: EventScannerScreenProps) {
  const t = useTranslations('Scanner');
  return (
    <div data-testid="page-event-scan" className="flex flex-col gap-6">
      <PageHeader title={t('title')} intro={eventName} />
      <Scanner {...scanner} access="member" layout="embedded" />
      <ScanLinksPanel links={links} actions={linkActions} />
      <ConflictsPanel conflicts={conflicts} load={loadConflicts} />
    </div>
  );
}
