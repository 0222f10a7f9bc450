// The command menu's entries: every sidebar destination plus the general ones, each navigating on select.
import type { CommandMenuGroup } from '../../components/ui/command-menu';
import { type Destination, generalDestinations, organisationNav, permittedNav, shopNav } from './destinations';

export interface CommandLabels {
  organisation: string;
  shop: string;
  general: string;
  nav(key: string): string;
  shopNav(key: string): string;
  generalLabel(key: string): string;
}

export interface CommandScope {
  orgId: string;
  /** Present inside a shop's dashboard: its pages are listed too. */
  shopId?: string;
  /** The viewer's permissions in the organisation: entries they cannot open are left out. Absent = all. */
  permissions?: readonly string[];
}

/** The destinations the command menu lists, grouped; pure so tests can check every href. */
export function commandDestinations(
  scope: CommandScope,
): { group: 'organisation' | 'shop' | 'general'; items: Destination[] }[] {
  const groups: { group: 'organisation' | 'shop' | 'general'; items: Destination[] }[] = [];
  if (scope.shopId) groups.push({ group: 'shop', items: shopNav(scope.shopId) });
  const organisation = organisationNav(scope.orgId);
  groups.push({
    group: 'organisation',
    items: scope.permissions ? permittedNav(organisation, scope.permissions) : organisation,
  });
  groups.push({ group: 'general', items: generalDestinations() });
  return groups;
}

export function commandGroups(
  scope: CommandScope,
  labels: CommandLabels,
  navigate: (href: string) => void,
): CommandMenuGroup[] {
  return commandDestinations(scope).map(({ group, items }) => ({
    heading: labels[group],
    items: items.map((item) => ({
      id: `${group}-${item.key}`,
      label:
        group === 'shop'
          ? labels.shopNav(item.key)
          : group === 'organisation'
            ? labels.nav(item.key)
            : labels.generalLabel(item.key),
      icon: item.icon,
      onSelect: () => navigate(item.href),
    })),
  }));
}
