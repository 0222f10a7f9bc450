import type { ReactNode } from 'react';
import { ClientMessages } from '../../../components/client-messages';

/** A shop's page and its dashboard: every message namespace (server/site/client-messages.ts). */
export default function ShopLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces="all">{children}</ClientMessages>;
}
