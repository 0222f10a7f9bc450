import type { ReactNode } from 'react';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { cn } from '../../lib/cn';
import type { Destination } from './destinations';

export interface SidebarNavProps<K extends string> {
  items: Destination<K>[];
  active?: K;
  /** The translated label of each entry. */
  label(key: K): string;
  /** Names the navigation for screen readers. */
  'aria-label': string;
  Link?: LinkComponent;
  /** Runs when an entry is followed (the phone sheet closes itself). */
  onNavigate?(): void;
  footer?: ReactNode;
}

/** The vertical navigation of the dashboards; the current entry is marked aria-current="page". */
export function SidebarNav<K extends string>({
  items,
  active,
  label,
  Link = PlainLink,
  onNavigate,
  footer,
  ...props
}: SidebarNavProps<K>) {
  return (
    <nav aria-label={props['aria-label']} className="flex flex-col gap-1" data-testid="sidebar-nav">
      <ul className="flex flex-col gap-0.5">
        {items.map(({ key, href, icon: Icon }) => {
          const current = key === active;
          return (
            <li key={key} onClickCapture={onNavigate}>
              <LinkWithCurrent
                Link={Link}
                href={href}
                current={current}
                className={cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                  current ? 'bg-primary/10 text-primary' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )}
              >
                <Icon aria-hidden className="size-4 shrink-0" />
                <span>{label(key)}</span>
              </LinkWithCurrent>
            </li>
          );
        })}
      </ul>
      {footer}
    </nav>
  );
}

/** The host's Link with aria-current; LinkComponent's type does not list it, but next-intl's Link and anchors pass it on. */
function LinkWithCurrent({
  Link,
  current,
  ...props
}: {
  Link: LinkComponent;
  current: boolean;
  href: string;
  className: string;
  children: ReactNode;
}) {
  const extra = current ? { 'aria-current': 'page' as const } : {};
  return <Link {...props} {...extra} />;
}
