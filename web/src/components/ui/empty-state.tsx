import { CalendarSearch, PackageSearch, ShoppingCart, Tag, Ticket, TicketPlus, type LucideIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface EmptyStateProps {
  icon?: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  /** A button or link that gets the person out of the empty state (create one, clear the search). */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ icon: Icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div
      data-testid="empty-state"
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-border px-6 py-10 text-center',
        className,
      )}
    >
      {Icon && (
        <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Icon aria-hidden className="size-6" />
        </div>
      )}
      <div className="flex max-w-sm flex-col gap-1">
        <h3 className="text-base font-semibold">{title}</h3>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}

/** The six empty states of the spec (§8), with their icons; texts live in Ui.empty.<kind>. */
export const EMPTY_STATE_PRESETS = {
  noTicketsSold: Ticket,
  noTicketOptions: TicketPlus,
  noEventsFound: CalendarSearch,
  noItemsFound: PackageSearch,
  noCodesFound: Tag,
  noItemsInCart: ShoppingCart,
} as const satisfies Record<string, LucideIcon>;

export type EmptyStateKind = keyof typeof EMPTY_STATE_PRESETS;
export const EMPTY_STATE_KINDS = Object.keys(EMPTY_STATE_PRESETS) as EmptyStateKind[];

export interface EmptyStatePresetProps {
  kind: EmptyStateKind;
  action?: ReactNode;
  /** Replaces the preset's description (e.g. to say which search found nothing). */
  description?: ReactNode;
  className?: string;
}

export function EmptyStatePreset({ kind, action, description, className }: EmptyStatePresetProps) {
  const t = useTranslations('Ui.empty');
  return (
    <EmptyState
      icon={EMPTY_STATE_PRESETS[kind]}
      title={t(`${kind}.title`)}
      description={description ?? t(`${kind}.description`)}
      action={action}
      className={className}
    />
  );
}
