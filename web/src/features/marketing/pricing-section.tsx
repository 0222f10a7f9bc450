import { PLATFORM_ONLY_PROVIDER_KEYS, PROVIDER_BRAND_NAMES } from '@kassa/contracts/payment-providers';
import { Check } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

export interface PricingSectionProps {
  contactHref: string;
  Link?: LinkComponent;
}

const STANDARD_POINTS = ['processing', 'payouts', 'freeTickets', 'allFeatures'] as const;
const PLATFORM_POINTS = ['ownProvider', 'directPayments', 'freeTickets', 'allFeatures'] as const;

/**
 * The two plans, both priced per ticket. Amounts are deliberately not shown (the spec keeps the per-ticket
 * price and the transaction fee off the site); the way to learn them is to ask.
 */
export function PricingSection({ contactHref, Link = PlainLink }: PricingSectionProps) {
  const t = useTranslations('Marketing.pricing');
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="mx-auto flex w-full max-w-5xl scroll-mt-20 flex-col gap-8 py-12"
    >
      <div className="flex flex-col gap-2 text-center">
        <h2 id="pricing-title" className="text-balance text-3xl font-bold tracking-tight">
          {t('title')}
        </h2>
        <p className="mx-auto max-w-2xl text-pretty text-muted-foreground">{t('intro')}</p>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <Card className="flex flex-col border-primary/50" data-testid="plan-standard">
          <CardHeader>
            <CardTitle>{t('standard.name')}</CardTitle>
            <p className="text-2xl font-bold">{t('perTicket')}</p>
            <CardDescription>{t('standard.summary')}</CardDescription>
          </CardHeader>
          <CardContent>
            <PointList points={STANDARD_POINTS.map((key) => t(`standard.points.${key}`))} />
          </CardContent>
        </Card>
        <Card className="flex flex-col" data-testid="plan-platform-only">
          <CardHeader>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <CardTitle>{t('platformOnly.name')}</CardTitle>
              <Badge tone="info">{t('comingSoon')}</Badge>
            </div>
            <p className="text-2xl font-bold">{t('perTicket')}</p>
            <CardDescription>{t('platformOnly.summary')}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <PointList points={PLATFORM_POINTS.map((key) => t(`platformOnly.points.${key}`))} />
            <div className="flex flex-col gap-2">
              <h4 className="text-sm font-semibold">{t('platformOnly.integrationsTitle')}</h4>
              <ul className="flex flex-wrap gap-2">
                {PLATFORM_ONLY_PROVIDER_KEYS.map((key) => (
                  <li key={key}>
                    <Badge tone="outline">{PROVIDER_BRAND_NAMES[key]}</Badge>
                  </li>
                ))}
              </ul>
            </div>
          </CardContent>
        </Card>
      </div>
      <p className="text-center text-muted-foreground">
        {t('question')}{' '}
        <Link href={contactHref} className="font-medium text-secondary underline underline-offset-4">
          {t('askUs')}
        </Link>
      </p>
    </section>
  );
}

function PointList({ points }: { points: string[] }) {
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {points.map((point) => (
        <li key={point} className="flex items-start gap-2">
          <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{point}</span>
        </li>
      ))}
    </ul>
  );
}
