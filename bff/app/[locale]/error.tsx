'use client';
import { ErrorScreen } from '@kassa/web/features/errors/error-screen';
import { isChunkLoadError } from '@kassa/web/lib/chunk-reload';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { reloadAfterChunkError } from '../../components/site-runtime/chunk-load-recovery';
import { CrawlerErrorBody } from '../../components/site-runtime/crawler-error-body';
import { reportClientError } from '../../components/site-runtime/report-client-error';
import { useIsCrawler } from '../../components/site-runtime/use-crawler';
import { getPathname } from '../../i18n/navigation';
import { describeError } from '../../lib/describe-error';

// The application error page for everything below the locale layout.
export default function ErrorPage({ error, reset }: { error: unknown; reset: () => void }) {
  const t = useTranslations('ErrorPage');
  const tCommon = useTranslations('Common');
  const locale = useLocale();
  const crawler = useIsCrawler();
  useEffect(() => {
    // A lazily loaded part of the page missing after a deploy: a reload fetches the new build (once per path per 10 s).
    if (isChunkLoadError(error) && reloadAfterChunkError()) return;
    reportClientError(error, 'page');
  }, [error]);
  // Unknown until hydrated; then crawlers get no error page (spec §8: reported, not shown).
  if (crawler !== false) return crawler ? <CrawlerErrorBody /> : null;
  const home = getPathname({ href: '/', locale });
  const described = describeError(error);
  const code = String(described.statusCode) as '500';
  const statusMessage = t.has(`statusMessages.${code}`) ? t(`statusMessages.${code}`) : t('statusMessages.500');
  return (
    <ErrorScreen
      productTitle={tCommon('productTitle')}
      homeHref={home}
      statusCode={described.statusCode}
      statusMessage={statusMessage}
      message={described.message}
      buttonLabel={t('home')}
      // Errors can come from any layout (site or dashboard): the error page brings its own header.
      withHeader
      onHome={() => {
        reset();
        // A full load: whatever state led here is dropped with the error.
        window.location.assign(home);
      }}
    />
  );
}
