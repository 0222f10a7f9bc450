import { setRequestLocale } from 'next-intl/server';
import { PaymentsListView } from '../../../../../components/order-views';
import { dashboardMetadata } from '../../../../../server/organisations/dashboard-metadata';
import { loadPaymentList, paymentListQuery } from '../../../../../server/orders/order-pages';
import { holds, requireOrganisationAccess } from '../../../../../server/organisations/organisation-access';

type Search = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: string; orgId: string }>; searchParams: Promise<Search> };

export const generateMetadata = ({ params }: Props) => dashboardMetadata(params, 'payments.title');

/** Every payment attempt of the organisation, with its status; filter by status, a page at a time. */
export default async function PaymentsPage({ params, searchParams }: Props) {
  const { locale, orgId } = await params;
  setRequestLocale(locale);
  // The sidebar hides this entry from members without "payments"; the page refuses them too (403).
  const { user, permissions } = await requireOrganisationAccess(locale, orgId, 'payments');
  const list = await loadPaymentList(user.id, orgId, paymentListQuery(await searchParams));
  return <PaymentsListView orgId={orgId} list={list} canViewOrders={holds(permissions, 'orders.view')} />;
}
