import type { ReactNode } from 'react';
import { ClientMessages } from '../../../components/client-messages';

/** The demo payment page: every message namespace (server/site/client-messages.ts). */
export default function PaymentsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces="all">{children}</ClientMessages>;
}
