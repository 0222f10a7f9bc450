'use client';
import { Menu, Search } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { Button } from '../../components/ui/button';
import { CommandMenu, commandMenuShortcutLabel } from '../../components/ui/command-menu';
import { Sheet, SheetContent, SheetTrigger } from '../../components/ui/sheet';
import type { ApiResult } from '../../lib/api-result';
import { commandGroups, type CommandScope } from './command-destinations';
import type { Destination } from './destinations';
import { SidebarNav } from './sidebar-nav';
import { UserMenu, type UserMenuUser } from './user-menu';

export interface DashboardShellProps {
  /** The sidebar's entries and which is current. */
  nav: { items: Destination[]; active?: string; label(key: string): string; ariaLabel: string };
  /** Above the sidebar's entries (the shop dashboard's way back). */
  navHeader?: ReactNode;
  commandScope: CommandScope;
  user: UserMenuUser;
  /** Locale-free href of the organisation settings (user menu). */
  settingsHref: string;
  /** The host's locale-aware link and router. */
  Link?: LinkComponent;
  navigate(href: string): void;
  signOut(): Promise<ApiResult<unknown>>;
  onSignedOut(): void;
  children: ReactNode;
}

/** The frame of every dashboard page: sidebar (a sheet on phones), top bar with command menu and user menu, content. */
export function DashboardShell({
  nav,
  navHeader,
  commandScope,
  user,
  settingsHref,
  Link = PlainLink,
  navigate,
  signOut,
  onSignedOut,
  children,
}: DashboardShellProps) {
  const t = useTranslations('Dashboard');
  const [sheetOpen, setSheetOpen] = useState(false);
  const [commandOpen, setCommandOpen] = useState(false);
  // The platform is only known in the browser; the server renders the non-Mac hint.
  const [shortcut, setShortcut] = useState('Ctrl+K');
  useEffect(() => setShortcut(commandMenuShortcutLabel(navigator.platform || navigator.userAgent)), []);

  const groups = commandGroups(
    commandScope,
    {
      organisation: t('command.organisation'),
      shop: t('command.shop'),
      general: t('command.general'),
      nav: (key) => t(`nav.${key}` as 'nav.dashboard'),
      shopNav: (key) => t(`shopNav.${key}` as 'shopNav.dashboard'),
      generalLabel: (key) => t(`general.${key}` as 'general.home'),
    },
    navigate,
  );
  const sidebar = (onNavigate?: () => void) => (
    <div className="flex flex-col gap-4">
      {navHeader}
      <SidebarNav
        items={nav.items}
        active={nav.active}
        label={nav.label}
        aria-label={nav.ariaLabel}
        Link={Link}
        onNavigate={onNavigate}
      />
    </div>
  );

  return (
    <div className="flex min-h-[calc(100vh-3.5rem)] w-full" data-testid="dashboard-shell">
      <aside className="hidden w-60 shrink-0 border-r border-border bg-muted/30 p-4 md:block" data-testid="sidebar">
        {sidebar()}
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex h-14 items-center gap-2 border-b border-border px-4">
          <Sheet open={sheetOpen} onOpenChange={setSheetOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label={t('shell.openMenu')}>
                <Menu aria-hidden />
              </Button>
            </SheetTrigger>
            <SheetContent side="left" title={t('shell.navigation')}>
              {sidebar(() => setSheetOpen(false))}
            </SheetContent>
          </Sheet>
          <Button
            variant="outline"
            size="sm"
            className="ml-auto w-full max-w-64 justify-start text-muted-foreground md:ml-0"
            onClick={() => setCommandOpen(true)}
            data-testid="command-menu-button"
          >
            <Search aria-hidden />
            <span className="flex-1 text-left">{t('command.hint')}</span>
            <kbd className="rounded border border-border px-1.5 text-xs">{shortcut}</kbd>
          </Button>
          <div className="md:ml-auto">
            <UserMenu
              user={user}
              settingsHref={settingsHref}
              navigate={navigate}
              openCommandMenu={() => setCommandOpen(true)}
              commandShortcut={shortcut}
              signOut={signOut}
              onSignedOut={onSignedOut}
            />
          </div>
        </div>
        <div id="dashboard-content" className="flex-1 p-4 md:p-8">
          {children}
        </div>
      </div>
      <CommandMenu groups={groups} open={commandOpen} onOpenChange={setCommandOpen} />
    </div>
  );
}
