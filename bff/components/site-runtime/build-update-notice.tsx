'use client';
import { Button } from '@kassa/web/components/ui/button';
import { BUILD_POLL_INTERVAL_MS, isNewerBuild } from '@kassa/web/lib/build-version';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';

// Inlined at build time (next.config.ts), the same id /api/build reports for this build.
const PAGE_BUILD_ID = process.env.NEXT_PUBLIC_KASSA_BUILD_ID;

/** Polls /api/build hourly and, once a new version is out, offers a reload. */
export function BuildUpdateNotice() {
  const t = useTranslations('Site');
  const [outdated, setOutdated] = useState(false);
  useEffect(() => {
    if (outdated) return;
    const check = async () => {
      try {
        const response = await fetch('/api/build', { cache: 'no-store', headers: { accept: 'application/json' } });
        if (!response.ok) return;
        const body = (await response.json()) as { buildId?: unknown };
        if (isNewerBuild(PAGE_BUILD_ID, body.buildId)) setOutdated(true);
      } catch {
        // Offline or mid-deploy: ask again at the next tick.
      }
    };
    const timer = window.setInterval(check, BUILD_POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [outdated]);
  if (!outdated) return null;
  return (
    <div
      role="status"
      data-testid="build-update-notice"
      className="fixed inset-x-0 bottom-4 z-50 mx-auto flex w-fit max-w-[calc(100%-2rem)] items-center gap-3 rounded-lg border border-border bg-background px-4 py-3 shadow-lg"
    >
      <span className="text-sm">{t('newVersion')}</span>
      <Button size="sm" onClick={() => window.location.reload()}>
        {t('reload')}
      </Button>
    </div>
  );
}
