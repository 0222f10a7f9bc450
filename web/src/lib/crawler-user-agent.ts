// Search-engine bots and page-speed crawlers. Their errors are reported but not shown as a page, so an
// error screen never ends up in a search index or a performance report.

const CRAWLER_PATTERNS: readonly RegExp[] = [
  /googlebot|google-inspectiontool|storebot-google|adsbot-google|mediapartners-google|googleother/i,
  /bingbot|bingpreview|msnbot|adidxbot/i,
  /duckduckbot|duckassistbot/i,
  /baiduspider/i,
  /yandex(bot|images|mobilebot|accessibilitybot|renderresourcesbot)/i,
  /applebot/i,
  /slurp/i, // Yahoo
  /seznambot|petalbot|sogou|exabot|qwantbot|ecosia/i,
  /facebookexternalhit|twitterbot|linkedinbot/i,
  /chrome-lighthouse|lighthouse|pagespeed|speed insights|gtmetrix|pingdom|webpagetest|ptst\//i,
];

export function isCrawlerUserAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  return CRAWLER_PATTERNS.some((pattern) => pattern.test(userAgent));
}
