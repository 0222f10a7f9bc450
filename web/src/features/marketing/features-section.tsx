import { CalendarDays, HandHeart, Percent, ScanLine, Store, Ticket, type LucideIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

const FEATURES: { key: 'events' | 'tickets' | 'shops' | 'discounts' | 'scanner' | 'extras'; Icon: LucideIcon }[] = [
  { key: 'events', Icon: CalendarDays },
  { key: 'tickets', Icon: Ticket },
  { key: 'shops', Icon: Store },
  { key: 'discounts', Icon: Percent },
  { key: 'scanner', Icon: ScanLine },
  { key: 'extras', Icon: HandHeart },
];

/** What Kassa does, one card per part of the product. */
export function FeaturesSection() {
  const t = useTranslations('Marketing.features');
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="mx-auto flex w-full max-w-5xl flex-col gap-8 py-12"
    >
      <div className="flex flex-col gap-2 text-center">
        <h2 id="features-title" className="text-balance text-3xl font-bold tracking-tight">
          {t('title')}
        </h2>
        <p className="mx-auto max-w-2xl text-pretty text-muted-foreground">{t('intro')}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ key, Icon }) => (
          <li key={key} className="flex">
            <Card className="flex-1" data-testid={`feature-${key}`}>
              <CardHeader>
                <span className="mb-1 inline-flex size-10 items-center justify-center rounded-md bg-success-muted text-success">
                  <Icon aria-hidden className="size-5" />
                </span>
                <CardTitle>{t(`items.${key}.title`)}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm text-muted-foreground">{t(`items.${key}.body`)}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
