'use client';
// The mailing opt-ins export: the guests who ticked "keep me posted" with a paid order, as CSV for the organiser's
// mailing tool. A plain GET form to the export's address, so the browser downloads the file and the page stays;
// the days are whole days in the organisation's time zone (the BFF reads them so).
import { useTranslations } from 'next-intl';
import { Button } from '../../components/ui/button';
import { Input, controlClasses } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';

export interface OptInsExportProps {
  orgId: string;
  /** The headings' language. */
  locale: string;
  /** The organisation's events by name: the export may be narrowed to one. */
  events: readonly { id: string; name: string }[];
}

export const optInsCsvPath = (orgId: string): string => `/api/organisations/${encodeURIComponent(orgId)}/opt-ins.csv`;

export function OptInsExport({ orgId, locale, events }: OptInsExportProps) {
  const t = useTranslations('Orders.optIns');
  return (
    <section
      aria-labelledby="opt-ins-title"
      className="mt-8 flex flex-col gap-3 rounded-lg border border-border p-4"
      data-testid="opt-ins-export"
    >
      <div className="flex flex-col gap-1">
        <h2 id="opt-ins-title" className="text-base font-semibold">
          {t('title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('intro')}</p>
      </div>
      <form method="get" action={optInsCsvPath(orgId)} className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="locale" value={locale} />
        {events.length > 0 && (
          <div className="flex flex-col gap-1">
            <Label htmlFor="opt-ins-event">{t('event')}</Label>
            <select id="opt-ins-event" name="event" className={cn(controlClasses, 'h-9 w-56')} defaultValue="">
              <option value="">{t('allEvents')}</option>
              {events.map((event) => (
                <option key={event.id} value={event.id}>
                  {event.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="flex flex-col gap-1">
          <Label htmlFor="opt-ins-from">{t('from')}</Label>
          <Input id="opt-ins-from" type="date" name="from" className="h-9 w-44" />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="opt-ins-until">{t('until')}</Label>
          <Input id="opt-ins-until" type="date" name="until" className="h-9 w-44" />
        </div>
        <Button type="submit" variant="outline" size="sm" className="h-9" data-testid="opt-ins-export-submit">
          {t('export')}
        </Button>
      </form>
    </section>
  );
}
