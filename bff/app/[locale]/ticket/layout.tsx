import type { ReactNode } from 'react';
import { ClientMessages } from '../../../components/client-messages';

/** A guest's ticket: every message namespace (server/site/client-messages.ts). */
export default function TicketLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces="all">{children}</ClientMessages>;
}
