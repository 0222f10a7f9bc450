import type { ReactNode } from 'react';

/**
 * A shop's public page and its dashboard: each gives its client components their messages itself (the public page
 * CLIENT_MESSAGES.shop, the dashboard every namespace; server/site/client-messages.ts), so the public page does not
 * carry the whole catalogue.
 */
export default function ShopLayout({ children }: { children: ReactNode }) {
  return children;
}
