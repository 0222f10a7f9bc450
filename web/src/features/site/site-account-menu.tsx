'use client';
import { LayoutDashboard, LogOut, User } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Avatar } from '../../components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { FormAlert } from '../../components/ui/form-alert';
import type { ApiResult } from '../../lib/api-result';
import type { UserMenuUser } from '../dashboard/user-menu';
import { generalDestinations, type GeneralDestinationKey } from '../dashboard/destinations';

const GENERAL = Object.fromEntries(
  generalDestinations().map((destination) => [destination.key, destination.href]),
) as Record<GeneralDestinationKey, string>;
/** The dashboard's entry: the organisation used last, else the first, else creating one. */
const DASHBOARD_ENTRY = '/o';

export interface SiteAccountMenuProps {
  user: UserMenuUser;
  navigate(href: string): void;
  signOut(): Promise<ApiResult<unknown>>;
  onSignedOut(): void;
}

/** The public site's header for a signed-in visitor: who they are, the way to the dashboard and account, sign out. */
export function SiteAccountMenu({ user, navigate, signOut, onSignedOut }: SiteAccountMenuProps) {
  const t = useTranslations('Dashboard');
  const [failed, setFailed] = useState(false);
  const name = user.displayName || user.email;
  const handleSignOut = async () => {
    setFailed(false);
    const result = await signOut();
    if (result.ok) onSignedOut();
    else setFailed(true);
  };
  return (
    <div className="flex items-center gap-2">
      {failed && (
        <FormAlert tone="error" className="py-1">
          {t('userMenu.signOutFailed')}
        </FormAlert>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={t('userMenu.label')}
          data-testid="site-account-menu"
          className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Avatar name={name} size="sm" />
        </DropdownMenuTrigger>
        <DropdownMenuContent className="w-60">
          <DropdownMenuLabel className="flex flex-col gap-0.5 text-foreground">
            <span className="truncate text-sm font-medium">{name}</span>
            {user.displayName && (
              <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
            )}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => navigate(DASHBOARD_ENTRY)}>
            <LayoutDashboard aria-hidden />
            {t('nav.dashboard')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate(GENERAL.account)}>
            <User aria-hidden />
            {t('userMenu.account')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => void handleSignOut()}>
            <LogOut aria-hidden />
            {t('userMenu.signOut')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
