import type { ReactNode } from 'react';
import { ClientMessages } from '../../../components/client-messages';

/** The organiser dashboard: every message namespace (server/site/client-messages.ts). */
export default function DashboardLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces="all">{children}</ClientMessages>;
}
