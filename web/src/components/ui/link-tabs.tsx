import type { ComponentType, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import type { LinkLikeProps } from '../link-like';

/** A link that also takes aria-current (next-intl's Link does). */
export type TabLinkComponent = ComponentType<LinkLikeProps & { 'aria-current'?: 'page' }>;

function PlainTabLink({ href, className, children, locale, ...rest }: LinkLikeProps & { 'aria-current'?: 'page' }) {
  return (
    <a href={href} className={className} hrefLang={locale} {...rest}>
      {children}
    </a>
  );
}

const linkTabClasses =
  '-mb-px inline-flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium transition-colors';

export interface LinkTabItem {
  value: string;
  href: string;
  label: ReactNode;
}

export interface LinkTabsProps {
  items: LinkTabItem[];
  /** The value of the tab of the current route. */
  active: string;
  /** Names the navigation for screen readers ("Event", "Shop settings"). */
  'aria-label': string;
  /** The host's router-aware link (next-intl's Link); a plain anchor by default. */
  Link?: TabLinkComponent;
  className?: string;
}

/**
 * Route tabs (event, shop and settings tabs): a nav of links, the current one marked aria-current="page".
 * Server-renderable; import it from this file (not from the client-only tabs).
 */
export function LinkTabs({ items, active, Link = PlainTabLink, className, ...props }: LinkTabsProps) {
  return (
    <nav aria-label={props['aria-label']} className={cn('overflow-x-auto border-b border-border', className)}>
      <ul className="flex gap-1">
        {items.map((item) => {
          const current = item.value === active;
          return (
            <li key={item.value}>
              <Link
                href={item.href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  linkTabClasses,
                  current
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:text-foreground',
                )}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
