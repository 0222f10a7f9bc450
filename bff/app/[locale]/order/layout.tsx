import type { ReactNode } from 'react';
import { ClientMessages } from '../../../components/client-messages';

/** A guest's order: every message namespace (server/site/client-messages.ts). */
export default function OrderLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces="all">{children}</ClientMessages>;
}
