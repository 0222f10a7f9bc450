import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { LinkTabs, type TabLinkComponent } from '../../components/ui/link-tabs';
import { settingsTabs, type SettingsTabKey } from '../dashboard/destinations';
import { PageHeader } from '../dashboard/page-header';

/** The permission each settings tab needs ('' = any member); tabs a member cannot open are not shown. */
export const SETTINGS_TAB_PERMISSIONS: Record<SettingsTabKey, string> = {
  overview: '',
  members: 'members',
  payments: 'payments',
};

export function visibleSettingsTabs(orgId: string, permissions: readonly string[]) {
  return settingsTabs(orgId).filter(
    ({ key }) => SETTINGS_TAB_PERMISSIONS[key] === '' || permissions.includes(SETTINGS_TAB_PERMISSIONS[key]),
  );
}

export interface SettingsFrameProps {
  orgId: string;
  tab: SettingsTabKey;
  /** The viewer's permissions, to hide tabs they cannot open. */
  permissions: readonly string[];
  Link?: TabLinkComponent;
  children: ReactNode;
}

/** /o/{orgId}/settings…: the title and the Overview / Members / Payments tabs around the selected tab. */
export function SettingsFrame({ orgId, tab, permissions, Link, children }: SettingsFrameProps) {
  const t = useTranslations('Organisations.settings');
  const items = visibleSettingsTabs(orgId, permissions).map(({ key, href }) => ({
    value: key,
    href,
    label: t(`tabs.${key}`),
  }));
  return (
    <div data-testid={`page-settings-${tab}`}>
      <PageHeader title={t('title')} />
      <LinkTabs items={items} active={tab} aria-label={t('tabs.label')} Link={Link} className="mb-6" />
      {children}
    </div>
  );
}
