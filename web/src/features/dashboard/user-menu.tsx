'use client';
import { BookOpen, Command, Home, LifeBuoy, LogOut, Settings, User } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Avatar } from '../../components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { FormAlert } from '../../components/ui/form-alert';
import type { ApiResult } from '../../lib/api-result';
import { generalDestinations, type GeneralDestinationKey } from './destinations';

const GENERAL = Object.fromEntries(
  generalDestinations().map((destination) => [destination.key, destination.href]),
) as Record<GeneralDestinationKey, string>;

export interface UserMenuUser {
  displayName: string;
  email: string;
}

export interface UserMenuProps {
  user: UserMenuUser;
  /** Locale-free href of the organisation settings. */
  settingsHref: string;
  navigate(href: string): void;
  openCommandMenu(): void;
  /** Shown next to "Command menu" ("Ctrl+K" or "⌘K"). */
  commandShortcut: string;
  signOut(): Promise<ApiResult<unknown>>;
  onSignedOut(): void;
}

/** The avatar menu of the top bar: account, settings, command menu, homepage, documentation, help and support, sign out. */
export function UserMenu({
  user,
  settingsHref,
  navigate,
  openCommandMenu,
  commandShortcut,
  signOut,
  onSignedOut,
}: UserMenuProps) {
  const t = useTranslations('Dashboard.userMenu');
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
          {t('signOutFailed')}
        </FormAlert>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={t('label')}
          data-testid="user-menu-trigger"
          className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Avatar name={name} size="sm" />
        </DropdownMenuTrigger>
        <DropdownMenuContent className="w-60">
          <DropdownMenuLabel className="flex flex-col gap-0.5 text-foreground">
            <span className="truncate text-sm font-medium">{user.displayName || user.email}</span>
            {user.displayName && (
              <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
            )}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => navigate(GENERAL.account)}>
            <User aria-hidden />
            {t('account')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate(settingsHref)}>
            <Settings aria-hidden />
            {t('settings')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={openCommandMenu}>
            <Command aria-hidden />
            {t('commandMenu')}
            <DropdownMenuShortcut>{commandShortcut}</DropdownMenuShortcut>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => navigate(GENERAL.home)}>
            <Home aria-hidden />
            {t('home')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate(GENERAL.docs)}>
            <BookOpen aria-hidden />
            {t('docs')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate(GENERAL.support)}>
            <LifeBuoy aria-hidden />
            {t('support')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => void handleSignOut()}>
            <LogOut aria-hidden />
            {t('signOut')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
