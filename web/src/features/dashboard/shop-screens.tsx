// The shop dashboard's tickets page before tickets exist (Step 6): header and empty state. Server-renderable.
import { useTranslations } from 'next-intl';
import { EmptyStatePreset } from '../../components/ui/empty-state';
import { PageHeader } from './page-header';

// For the shop pages (the package exports .tsx modules only; this one is not a client module).
export { shopTabFromQuery } from './destinations';

export function ShopTicketsScreen() {
  const t = useTranslations('Dashboard.shop');
  return (
    <div data-testid="page-shop-tickets">
      <PageHeader title={t('ticketsTitle')} />
      <EmptyStatePreset kind="noTicketsSold" />
    </div>
  );
}
