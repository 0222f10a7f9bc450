'use client';
// The event's offline conflicts for the organiser: tickets admitted twice while a scanner was offline, with both
// admissions. Never dropped by the server; shown here so that someone can look into them.
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormAlert } from '../../components/ui/form-alert';
import type { ApiResult } from '../../lib/api-result';
import type { ScanConflictView } from '../../lib/scan-model';
import { useScanFailureText } from './scan-links-panel';
import { formatScanMoment } from './scan-moment';
import { useFormatter } from '../../lib/formatter';

export interface ConflictsPanelProps {
  conflicts: ScanConflictView[];
  load(): Promise<ApiResult<{ conflicts: ScanConflictView[] }>>;
}

export function ConflictsPanel({ conflicts: initial, load }: ConflictsPanelProps) {
  const t = useTranslations('Scanner.conflicts');
  const format = useFormatter();
  const failureText = useScanFailureText();
  const [conflicts, setConflicts] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const refresh = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const answer = await load();
      if (answer.ok) setConflicts(answer.data.conflicts);
      else setFailure(failureText(answer));
    } finally {
      setBusy(false);
    }
  };

  const at = (iso: string, device: string) => t('at', { time: formatScanMoment(format, iso), device: device || '—' });

  return (
    <Card data-testid="scan-conflicts">
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <TriangleAlert aria-hidden className="size-5" />
            {t('title')}
          </CardTitle>
          <CardDescription>{t('intro')}</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={refresh} loading={busy} data-testid="scan-conflicts-refresh">
          <RefreshCw aria-hidden />
          {t('refresh')}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        {conflicts.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="scan-conflicts-empty">
            {t('empty')}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-border text-left text-muted-foreground">
                  <th className="py-2 pr-3 font-medium">{t('reference')}</th>
                  <th className="py-2 pr-3 font-medium">{t('first')}</th>
                  <th className="py-2 pr-3 font-medium">{t('second')}</th>
                  <th className="py-2 font-medium">{t('recorded')}</th>
                </tr>
              </thead>
              <tbody>
                {conflicts.map((conflict) => (
                  <tr
                    key={`${conflict.ticketId}-${conflict.recordedAt}-${conflict.secondCheckedInAt}`}
                    data-testid="scan-conflict-row"
                    data-ticket-id={conflict.ticketId}
                    className="border-b border-border last:border-0"
                  >
                    <td className="py-2 pr-3 font-mono font-medium">{conflict.reference}</td>
                    <td className="py-2 pr-3">{at(conflict.firstCheckedInAt, conflict.firstDevice)}</td>
                    <td className="py-2 pr-3">{at(conflict.secondCheckedInAt, conflict.secondDevice)}</td>
                    <td className="py-2">{formatScanMoment(format, conflict.recordedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
