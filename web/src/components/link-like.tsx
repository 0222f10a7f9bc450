import type { ComponentType, ReactNode } from 'react';

export interface LinkLikeProps {
  href: string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  /** Target locale when the link switches language (a locale-aware link also remembers the choice). */
  locale?: string;
}

/** The host app passes its router-aware, locale-aware link; a plain anchor by default (tests, error pages). */
export type LinkComponent = ComponentType<LinkLikeProps>;

export function PlainLink({ href, className, children, locale, ...rest }: LinkLikeProps) {
  return (
    <a href={href} className={className} hrefLang={locale} {...rest}>
      {children}
    </a>
  );
}
