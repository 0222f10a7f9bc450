// The sentence a screen shows for a failed call: a timeout has its own (§8: a request timeout raises a timeout
// error), apart from no connection at all, in both languages.
import type { ApiFailure } from '../../src/lib/api-result';
import { useFailureMessage } from '../../src/features/organisations/use-failure-message';
import { useScanFailureText } from '../../src/features/scanner/scan-links-panel';
import { useTranslations } from 'next-intl';
import { connectionFailure } from '../../src/lib/checkout';
import { messagesByLocale, render, text, type TestLocale } from '../support/render';

const noAnswer: ApiFailure = { ok: false, status: 0, message: '', fields: {} };

function Sentence({ failure, which }: { failure: ApiFailure; which: 'organisation' | 'scanner' }) {
  const organisation = useFailureMessage();
  const scanner = useScanFailureText();
  return <p>{which === 'organisation' ? organisation(failure) : scanner(failure)}</p>;
}

describe.each(['en', 'nl'] as TestLocale[])('failure sentences (%s)', (locale) => {
  const messages = messagesByLocale[locale];
  it.each(['organisation', 'scanner'] as const)('%s screens: a timeout says so, no connection says that', (which) => {
    const shown = (failure: ApiFailure) => text(render(locale, <Sentence failure={failure} which={which} />));
    expect(shown({ ...noAnswer, timedOut: true })).toBe(messages.Errors.timeout);
    const network =
      which === 'organisation' ? messages.Organisations.failure.network : messages.Scanner.failure.network;
    expect(shown(noAnswer)).toBe(network);
    expect(network).not.toBe(messages.Errors.timeout);
  });
});

const CHECKOUT_SCREENS = ['Checkout', 'GuestOrder', 'DemoPayment'] as const;

function CheckoutSentence({ failure, screen }: { failure: ApiFailure; screen: (typeof CHECKOUT_SCREENS)[number] }) {
  const t = useTranslations(screen);
  const lost = connectionFailure(failure);
  return <p>{lost ? t(lost) : 'answered'}</p>;
}

describe('checkout screens: which failure is the connection', () => {
  it('a timeout, no connection and a server failure each have their sentence; other answers are the screen’s own', () => {
    expect(connectionFailure({ ...noAnswer, timedOut: true })).toBe('timeout');
    expect(connectionFailure(noAnswer)).toBe('unreachable');
    expect(connectionFailure({ ...noAnswer, status: 503 })).toBe('unreachable');
    for (const status of [400, 403, 404, 409, 429]) expect(connectionFailure({ ...noAnswer, status })).toBeNull();
  });

  describe.each(['en', 'nl'] as TestLocale[])('(%s)', (locale) => {
    const messages = messagesByLocale[locale];
    it.each(CHECKOUT_SCREENS)('%s says a timeout apart from no connection', (screen) => {
      const shown = (failure: ApiFailure) =>
        text(render(locale, <CheckoutSentence failure={failure} screen={screen} />));
      expect(shown({ ...noAnswer, timedOut: true })).toBe(messages[screen].timeout);
      expect(shown(noAnswer)).toBe(messages[screen].unreachable);
      expect(messages[screen].timeout).not.toBe(messages[screen].unreachable);
    });
  });
});
