// Request headers the proxy sets for the layouts. Clients cannot forge them: withoutIdentityHeaders drops every
// incoming x-kassa-* header before the proxy sets its own.

/** The query string of the request as the visitor typed it ('?page=2&utm_source=x', or ''). */
export const REQUEST_SEARCH_HEADER = 'x-kassa-request-search';
