// The page title: the route's own title when it has one, otherwise its last path segment made readable.

/** 'sign-in' → 'Sign in', 'ticket_options' → 'Ticket options', '%C3%A9v%C3%A9nement' → 'Événement'. */
export function humanizeSegment(segment: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    decoded = segment;
  }
  const words = decoded
    .replace(/[-_+]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return words.charAt(0).toLocaleUpperCase() + words.slice(1);
}

/**
 * The title for a page. `routeTitle` wins; else the last segment of `path` (without locale prefix and query);
 * undefined for the root, where the product title alone is right.
 */
export function pageTitle(routeTitle: string | undefined | null, path: string): string | undefined {
  if (routeTitle && routeTitle.trim() !== '') return routeTitle.trim();
  const segments = path.split(/[?#]/)[0]!.split('/').filter(Boolean);
  const last = segments.at(-1);
  if (!last) return undefined;
  const title = humanizeSegment(last);
  return title === '' ? undefined : title;
}

/** '<title> · <product>', or the product alone when there is no title (the layout's title template, as text). */
export function documentTitle(title: string | undefined, productTitle: string): string {
  return title ? `${title} · ${productTitle}` : productTitle;
}
