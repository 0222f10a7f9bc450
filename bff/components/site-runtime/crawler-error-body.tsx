/**
 * What a crawler gets instead of the error page: nothing to index and a noindex hint, so a broken render never
 * shows up as the page's content in a search index or a page-speed report. The error itself is reported.
 */
export function CrawlerErrorBody() {
  return (
    <>
      <meta name="robots" content="noindex" />
      <div data-testid="crawler-error" hidden />
    </>
  );
}
