import { LanguageSwitch } from '../../src/components/language-switch';
import { SiteHeader } from '../../src/components/site-header';
import { ErrorScreen } from '../../src/features/errors/error-screen';
import { NotFoundScreen } from '../../src/features/errors/not-found-screen';
import { messagesByLocale, render, text } from '../support/render';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('messages', () => {
  it('has the same keys in English and Dutch, none empty', () => {
    expect(keysOf(messagesByLocale.nl).sort()).toEqual(keysOf(messagesByLocale.en).sort());
    for (const locale of ['en', 'nl'] as const) {
      const values = JSON.stringify(messagesByLocale[locale]);
      expect(values).not.toContain('""');
    }
  });
});

describe('NotFoundScreen', () => {
  it.each([
    ['en', 'Page not found: /nope'],
    ['nl', 'Pagina niet gevonden: /nope'],
  ] as const)('names the path in %s', (locale, message) => {
    const html = render(locale, <NotFoundScreen path="/nope" homeHref="/" />);
    expect(text(html)).toContain(message);
    expect(html).toContain('href="/"');
  });

  it('escapes the path', () => {
    expect(render('en', <NotFoundScreen path="/<script>" homeHref="/" />)).not.toContain('<script>');
  });
});

describe('ErrorScreen', () => {
  const base = {
    productTitle: 'Kassa',
    homeHref: '/',
    statusCode: 503,
    statusMessage: 'Service Unavailable',
    buttonLabel: 'Back to the home page',
    onHome: () => {},
  };

  it('shows the title linking home, the status, its message and the error message when it differs', () => {
    const html = render('en', <ErrorScreen {...base} message="Identity is down" />);
    expect(html).toMatch(/<a href="\/"[^>]*>Kassa<\/a>/);
    expect(text(html)).toContain('503 Service Unavailable Identity is down Back to the home page');
  });

  it('does not repeat a message equal to the status message, and can leave out the header', () => {
    const html = render('en', <ErrorScreen {...base} message="Service Unavailable" withHeader={false} />);
    expect(text(html)).toBe('503 Service Unavailable Back to the home page');
  });
});

describe('site chrome', () => {
  it('links the product title home and offers the other language', () => {
    const html = render(
      'nl',
      <SiteHeader title="Kassa" homeHref="/nl">
        <LanguageSwitch
          current="nl"
          options={[
            { locale: 'en', href: '/sign-in' },
            { locale: 'nl', href: '/nl/sign-in' },
          ]}
        />
      </SiteHeader>,
    );
    expect(html).toMatch(/<a href="\/nl"[^>]*>Kassa<\/a>/);
    expect(html).toMatch(/<a href="\/sign-in"[^>]*hrefLang="en"[^>]*><span lang="en">English<\/span><\/a>/);
    expect(html).toContain('aria-current="true"');
    expect(html).toContain('aria-label="Taal"');
  });
});
