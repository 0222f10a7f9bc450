import { Coins, Languages, Users } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { buttonVariants } from '../../components/ui/button';
import { EmptyStatePreset } from '../../components/ui/empty-state';
import type { OrganisationSummary } from '../../lib/organisations';
import { PageHeader } from '../dashboard/page-header';

export interface OrganisationOverviewScreenProps {
  organisation: OrganisationSummary;
  memberCount: number;
  Link?: LinkComponent;
}

/** /o/{orgId}: the organisation's name and basics, and the way to its events. */
export function OrganisationOverviewScreen({
  organisation,
  memberCount,
  Link = PlainLink,
}: OrganisationOverviewScreenProps) {
  const t = useTranslations('Organisations');
  const base = `/o/${organisation.id}`;
  const canManageMembers = organisation.permissions.includes('members');
  const stats = [
    { key: 'members', label: t('overview.members'), value: String(memberCount), icon: Users },
    { key: 'currency', label: t('overview.currency'), value: organisation.currency, icon: Coins },
    {
      key: 'language',
      label: t('overview.language'),
      value: t(`locales.${organisation.defaultLocale === 'nl' ? 'nl' : 'en'}`),
      icon: Languages,
    },
  ];
  return (
    <div data-testid="page-overview">
      <PageHeader title={organisation.name} intro={organisation.description || t('overview.intro')}>
        {canManageMembers && (
          <Link href={`${base}/settings/members`} className={buttonVariants({ variant: 'outline' })}>
            <Users aria-hidden />
            {t('overview.manageMembers')}
          </Link>
        )}
      </PageHeader>
      <dl className="mb-6 grid gap-4 sm:grid-cols-3">
        {stats.map(({ key, label, value, icon: Icon }) => (
          <div
            key={key}
            className="flex items-center gap-3 rounded-lg border border-border p-4"
            data-testid={`overview-${key}`}
          >
            <Icon aria-hidden className="size-5 text-muted-foreground" />
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="ml-auto text-2xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <EmptyStatePreset
        kind="noEventsFound"
        action={
          <Link href={`${base}/events`} className={buttonVariants({ variant: 'outline' })}>
            {t('overview.toEvents')}
          </Link>
        }
      />
    </div>
  );
}
