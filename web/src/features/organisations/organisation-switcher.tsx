'use client';
import { Building2, Check, ChevronsUpDown, Plus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';

export interface SwitcherOrganisation {
  id: string;
  name: string;
}

export interface OrganisationSwitcherProps {
  current: SwitcherOrganisation;
  /** The viewer's organisations, by name. */
  organisations: SwitcherOrganisation[];
  navigate(href: string): void;
}

/** The top of the sidebar: the current organisation, a menu of the others, and "Create organisation". */
export function OrganisationSwitcher({ current, organisations, navigate }: OrganisationSwitcherProps) {
  const t = useTranslations('Organisations.switcher');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex w-full items-center gap-2 rounded-md border border-border bg-background px-3 py-2 text-left text-sm font-medium shadow-xs hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        aria-label={`${t('label')}: ${current.name}`}
        data-testid="organisation-switcher"
      >
        <span
          className="flex size-6 shrink-0 items-center justify-center rounded bg-primary text-xs font-semibold text-primary-foreground"
          aria-hidden
        >
          {current.name.trim().charAt(0).toUpperCase() || <Building2 className="size-3.5" />}
        </span>
        <span className="min-w-0 flex-1 truncate" data-testid="organisation-switcher-current">
          {current.name}
        </span>
        <ChevronsUpDown aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        <DropdownMenuLabel>{t('heading')}</DropdownMenuLabel>
        <DropdownMenuGroup>
          {organisations.map((organisation) => (
            <DropdownMenuItem
              key={organisation.id}
              onSelect={() => navigate(`/o/${organisation.id}`)}
              data-testid="organisation-switcher-item"
              aria-current={organisation.id === current.id ? 'true' : undefined}
            >
              <span className="min-w-0 flex-1 truncate">{organisation.name}</span>
              {organisation.id === current.id && <Check aria-hidden className="size-4" />}
            </DropdownMenuItem>
          ))}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/o/new')} data-testid="organisation-switcher-create">
          <Plus aria-hidden className="size-4" />
          {t('create')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
