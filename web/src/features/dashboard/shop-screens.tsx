// The shop dashboard's Tickets page: what the shop sold, a ticket per row, with its status and check-in, found and
// filtered as on an event's Attendees tab.
import { useTranslations } from 'next-intl';
import { AttendeesTab, type AttendeesTabProps } from '../attendees/attendees-tab';
import { PageHeader } from './page-header';

// For the shop pages (the package exports .tsx modules only; this one is not a client module).
export { shopTabFromQuery } from './destinations';

export type ShopTicketsScreenProps = Omit<AttendeesTabProps, 'scope'> & { shopId: string };

export function ShopTicketsScreen({ shopId, ...list }: ShopTicketsScreenProps) {
  const t = useTranslations('Dashboard.shop');
  return (
    <div data-testid="page-shop-tickets">
      <PageHeader title={t('ticketsTitle')} />
      <AttendeesTab scope={{ shopId }} {...list} />
    </div>
  );
}
