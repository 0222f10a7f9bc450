import type { ReactNode } from 'react';
import { ClientMessages } from '../../../components/client-messages';

/** The old order links: every message namespace (server/site/client-messages.ts). */
export default function OrdersLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces="all">{children}</ClientMessages>;
}
