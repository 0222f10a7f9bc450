import { useTranslations } from 'next-intl';
import { PlainLink, type LinkComponent } from '../../components/link-like';

export type LegalDocument = 'terms' | 'privacy';

/** A legal text as stored in the messages: numbered sections of plain paragraphs. */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalScreenProps {
  document: LegalDocument;
  contactHref: string;
  Link?: LinkComponent;
}

/** Terms of service or privacy policy: title, date, contents and sections, readable on a phone. */
export function LegalScreen({ document, contactHref, Link = PlainLink }: LegalScreenProps) {
  const t = useTranslations('Legal');
  const sections = t.raw(`${document}.sections`) as LegalSection[];
  const anchor = (index: number) => `${document}-section-${index + 1}`;
  return (
    <article
      aria-labelledby={`${document}-title`}
      className="mx-auto flex w-full max-w-3xl flex-col gap-8 py-6 sm:py-10"
    >
      <header className="flex flex-col gap-3">
        <h1 id={`${document}-title`} className="text-3xl font-bold tracking-tight">
          {t(`${document}.title`)}
        </h1>
        <p className="text-sm text-muted-foreground">{t('updated')}</p>
        <p className="text-pretty text-lg text-muted-foreground">{t(`${document}.intro`)}</p>
      </header>
      <nav aria-labelledby={`${document}-contents`} className="rounded-lg border border-border bg-muted/40 p-4">
        <h2 id={`${document}-contents`} className="mb-2 text-sm font-semibold">
          {t('contents')}
        </h2>
        <ol className="flex flex-col gap-1 text-sm">
          {sections.map((section, index) => (
            <li key={section.heading}>
              <a href={`#${anchor(index)}`} className="text-secondary underline underline-offset-4 hover:decoration-2">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section
          key={section.heading}
          id={anchor(index)}
          aria-labelledby={`${anchor(index)}-title`}
          className="flex scroll-mt-20 flex-col gap-3"
        >
          <h2 id={`${anchor(index)}-title`} className="text-xl font-semibold">
            {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="text-pretty leading-7">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      <p className="border-t border-border pt-6 text-muted-foreground">
        {t.rich('questions', {
          contact: (chunks) => (
            <Link href={contactHref} className="font-medium text-secondary underline underline-offset-4">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </article>
  );
}
