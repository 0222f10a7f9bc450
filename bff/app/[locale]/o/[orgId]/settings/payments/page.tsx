import { PaymentSettingsScreen } from '@kassa/web/features/orders/payment-settings-screen';
import { SettingsFrame } from '@kassa/web/features/organisations/settings-frame';
import { setRequestLocale } from 'next-intl/server';
import { Link } from '../../../../../../i18n/navigation';
import { dashboardMetadata } from '../../../../../../server/organisations/dashboard-metadata';
import { loadPaymentSettings } from '../../../../../../server/orders/order-pages';
import { requireOrganisationAccess } from '../../../../../../server/organisations/organisation-access';

type Props = { params: Promise<{ locale: string; orgId: string }> };

export const generateMetadata = ({ params }: Props) => dashboardMetadata(params, 'settings.paymentsTitle');

/** Settings › Payments: needs "payments"; the plan and the provider that takes the organisation's payments. */
export default async function SettingsPaymentsPage({ params }: Props) {
  const { locale, orgId } = await params;
  setRequestLocale(locale);
  const { user, permissions } = await requireOrganisationAccess(locale, orgId, 'payments');
  const settings = await loadPaymentSettings(user.id, orgId);
  return (
    <SettingsFrame orgId={orgId} tab="payments" permissions={permissions} Link={Link}>
      <PaymentSettingsScreen settings={settings} />
    </SettingsFrame>
  );
}
