import type { ReactNode } from 'react';
import { PlainLink, type LinkComponent } from './link-like';

export interface SiteHeaderProps {
  /** The product title, linking home. */
  title: string;
  homeHref: string;
  homeLabel?: string;
  Link?: LinkComponent;
  /** Right-hand side: language switch, account links. */
  children?: ReactNode;
}

export function SiteHeader({ title, homeHref, homeLabel, Link = PlainLink, children }: SiteHeaderProps) {
  return (
    <header className="border-b border-border bg-background">
      <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-4 px-4">
        <Link href={homeHref} className="text-lg font-semibold text-primary" aria-label={homeLabel}>
          {title}
        </Link>
        <div className="flex items-center gap-3">{children}</div>
      </div>
    </header>
  );
}
