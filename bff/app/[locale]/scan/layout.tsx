import type { ReactNode } from 'react';
import { ClientMessages } from '../../../components/client-messages';

/** The scanner: every message namespace (server/site/client-messages.ts). */
export default function ScanLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces="all">{children}</ClientMessages>;
}
