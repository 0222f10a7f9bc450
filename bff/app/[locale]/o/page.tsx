import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { redirect } from '../../../i18n/navigation';
import { requireSignedInUser } from '../../../server/auth/dashboard-user';
import { dashboardHomePath } from '../../../server/organisations/organisation-home';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Dashboard' });
  return { title: t('overview.title'), robots: { index: false } };
}

/**
 * /o: where every "Dashboard" link and a sign-in without a `next` lead. Opens the organisation used last (while
 * the user is still a member), else their first, else /o/new to create one.
 */
export default async function DashboardEntryPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await requireSignedInUser(locale);
  return redirect({ href: await dashboardHomePath(user.id), locale });
}
