// The sentence a screen shows for a failed call: a timeout has its own (§8: a request timeout raises a timeout
// error), apart from no connection at all, in both languages.
import type { ApiFailure } from '../../src/lib/api-result';
import { useFailureMessage } from '../../src/features/organisations/use-failure-message';
import { useScanFailureText } from '../../src/features/scanner/scan-links-panel';
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
