import { useTranslations } from 'next-intl';
import { cn } from '../../lib/cn';
import { Badge } from './badge';
import { statusTone, toStatusWord } from './status';

export {
  EMAIL_DELIVERY_STATUSES,
  isStatusWord,
  LIFECYCLE_STATUSES,
  STATUS_TONES,
  STATUS_WORDS,
  statusTone,
  toStatusWord,
  type StatusTone,
  type StatusWord,
} from './status';

export interface StatusBadgeProps {
  /** A status word of the spec (order, payment, ticket, event, shop, e-mail); anything else shows as "unknown". */
  status: string;
  className?: string;
}

/** The status word's translated label in its tone's colours; the raw word is kept in data-status for tests and styling. */
export function StatusBadge({ status, className }: StatusBadgeProps) {
  const t = useTranslations('Ui.status');
  const word = toStatusWord(status);
  return (
    <Badge tone={statusTone(word)} data-status={word} className={cn(className)}>
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {t(word)}
    </Badge>
  );
}
