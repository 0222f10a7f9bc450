'use client';
import '@kassa/web/styles.css';
import { ErrorScreen } from '@kassa/web/features/errors/error-screen';
import { textDirection } from '@kassa/web/lib/text-direction';
import { messages as allMessages } from '@kassa/web/messages';
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { CrawlerErrorBody } from '../components/site-runtime/crawler-error-body';
import { reportClientError } from '../components/site-runtime/report-client-error';
import { useIsCrawler } from '../components/site-runtime/use-crawler';
import { describeError } from '../lib/describe-error';

// Replaces the root layout when that fails, so it brings its own document and cannot rely on the translation provider.
export default function GlobalError({ error, reset }: { error: unknown; reset: () => void }) {
  const pathname = usePathname() ?? '/';
  const crawler = useIsCrawler();
  useEffect(() => {
    reportClientError(error, 'global');
  }, [error]);
  const locale = pathname === '/nl' || pathname.startsWith('/nl/') ? 'nl' : 'en';
  const messages = allMessages[locale];
  const home = locale === 'nl' ? '/nl' : '/';
  const described = describeError(error);
  const statusMessages: Record<string, string> = messages.ErrorPage.statusMessages;
  return (
    <html lang={locale} dir={textDirection(locale)}>
      <body>
        {/* Crawlers get no error page (spec §8: reported, not shown); null until the browser is known. */}
        {crawler === false ? (
          <ErrorScreen
            productTitle={messages.Common.productTitle}
            homeHref={home}
            statusCode={described.statusCode}
            statusMessage={statusMessages[String(described.statusCode)] ?? statusMessages['500']!}
            message={described.message}
            buttonLabel={messages.ErrorPage.home}
            onHome={() => {
              reset();
              window.location.assign(home);
            }}
          />
        ) : (
          crawler && <CrawlerErrorBody />
        )}
      </body>
    </html>
  );
}
