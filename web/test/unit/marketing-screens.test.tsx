import { ContactFormView, initialContactForm, type ContactFormState } from '../../src/features/marketing/contact-form';
import { ContactScreen } from '../../src/features/marketing/contact-screen';
import { describeFailure } from '../../src/features/marketing/form-problems';
import { LandingScreen } from '../../src/features/marketing/landing-screen';
import { LegalScreen } from '../../src/features/marketing/legal-screen';
import { MarketingFooter } from '../../src/features/marketing/marketing-footer';
import { initialWaitlistForm, WaitlistFormView } from '../../src/features/marketing/waitlist-form';
import { checkContactInput, ruleFromServerMessage } from '../../src/lib/public-form-rules';
import { attributesOf, labelFor, messagesByLocale, render, text } from '../support/render';

const noop = () => {};
const GENERIC = {
  en: 'Some fields are not valid. Please check the form and try again.',
  nl: messagesByLocale.nl.Errors.genericForm,
};

function landing(locale: 'en' | 'nl') {
  return render(
    locale,
    <LandingScreen signUpHref="/sign-up" contactHref="/contact" waitlistForm={<p>waitlist form here</p>} />,
  );
}

describe('LandingScreen', () => {
  it.each(['en', 'nl'] as const)(
    'has one h1 and a section heading for features, pricing, the call to action and the waitlist in %s',
    (locale) => {
      const html = landing(locale);
      const t = messagesByLocale[locale].Marketing;
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
      expect(text(html)).toContain(t.hero.title);
      for (const heading of [t.features.title, t.pricing.title, t.cta.title, t.waitlist.title]) {
        expect(html).toMatch(new RegExp(`<h2[^>]*>${heading.replace(/[.?*+()]/g, '\\$&')}</h2>`));
      }
      expect(text(html)).toContain('waitlist form here');
      expect(html).toContain('href="#waitlist"');
      expect(html).toContain('id="waitlist"');
    },
  );

  it('shows a card for each feature: events, tickets, shops, discounts, scanner and extras', () => {
    const html = landing('en');
    for (const feature of ['events', 'tickets', 'shops', 'discounts', 'scanner', 'extras'])
      expect(html).toContain(`data-testid="feature-${feature}"`);
    expect(text(html)).toContain('donation');
    expect(text(html)).toContain('password');
  });

  it.each([
    ['en', 'Standard', 'Platform-only', 'Coming soon', 'per ticket sold', 'Free to use'],
    ['nl', 'Standaard', 'Alleen platform', 'Binnenkort', 'per verkocht ticket', 'Gratis te gebruiken'],
  ] as const)(
    'prices both plans per ticket, without amounts, in %s',
    (locale, standard, platformOnly, comingSoon, perTicket, free) => {
      const html = landing(locale);
      const pricing = text(html.slice(html.indexOf('id="pricing"'), html.indexOf('aria-labelledby="cta-title"')));
      expect(pricing).toContain(standard);
      expect(pricing).toContain(platformOnly);
      expect(pricing.split(perTicket)).toHaveLength(3);
      expect(text(html)).toContain(free);
      // Coming soon belongs to Platform-only, together with its three integrations.
      const platformCard = text(html.slice(html.indexOf('data-testid="plan-platform-only"')));
      expect(platformCard).toContain(comingSoon);
      // The same three as the organisation's Payments tab lists (@kassa/contracts/payment-providers).
      for (const provider of ['Mollie', 'Adyen', 'PayPal']) expect(platformCard).toContain(provider);
      const standardCard = text(
        html.slice(html.indexOf('data-testid="plan-standard"'), html.indexOf('data-testid="plan-platform-only"')),
      );
      expect(standardCard).not.toContain(comingSoon);
      // No prices or fee amounts anywhere on the page.
      expect(text(html)).not.toMatch(/[€$£]|\bEUR\b|\d+[.,]\d{2}|\d+\s?%/);
    },
  );

  it('links the call to action to sign-up and contact', () => {
    const html = landing('en');
    expect(html).toMatch(/<a href="\/sign-up"[^>]*>Create a free account<\/a>/);
    expect(html).toMatch(/<a href="\/contact"[^>]*>Talk to us<\/a>/);
  });
});

describe('WaitlistFormView', () => {
  const view = (locale: 'en' | 'nl', state = initialWaitlistForm) =>
    render(locale, <WaitlistFormView state={state} onEmailChange={noop} onSubmit={noop} privacyHref="/privacy" />);

  it.each([
    ['en', 'Email', 'Join the waitlist'],
    ['nl', 'E-mail', 'Aanmelden voor de wachtlijst'],
  ] as const)('asks for a labelled e-mail address in %s', (locale, label, submit) => {
    const html = view(locale);
    expect(labelFor(html, 'waitlist-email')).toBe(label);
    expect(attributesOf(html, 'waitlist-email')).toMatchObject({ type: 'email', autoComplete: 'email', name: 'email' });
    expect(html).toMatch(new RegExp(`<button[^>]*type="submit"[^>]*>${submit}</button>`));
    expect(html).toContain('href="/privacy"');
    expect(attributesOf(html, 'waitlist-email')['aria-invalid']).toBeUndefined();
  });

  it.each([
    ['en', 'invalid', 'Email is invalid'],
    ['nl', 'required', 'E-mail is verplicht'],
  ] as const)('shows the field error and the generic form message in %s', (locale, rule, message) => {
    const html = view(locale, {
      ...initialWaitlistForm,
      email: 'x',
      fieldError: rule,
      problem: { kind: 'genericForm' },
    });
    expect(attributesOf(html, 'waitlist-email')).toMatchObject({
      'aria-invalid': 'true',
      'aria-describedby': 'waitlist-email-error',
    });
    expect(text(html)).toContain(message);
    expect(html).toMatch(/role="alert"/);
    expect(text(html)).toContain(GENERIC[locale]);
  });

  it('says when to try again after too many attempts', () => {
    const html = view('en', { ...initialWaitlistForm, problem: { kind: 'retryAfter', seconds: 30 } });
    expect(text(html)).toContain('Too many attempts. Please try again in 30 seconds.');
  });

  it.each([
    ['en', "You're on the list", 'We will write to sam@example.org'],
    ['nl', 'Je staat op de lijst', 'We mailen naar sam@example.org'],
  ] as const)('confirms in %s, without saying whether the address was new', (locale, title, body) => {
    const html = view(locale, { ...initialWaitlistForm, joined: 'sam@example.org' });
    expect(html).toContain('role="status"');
    expect(text(html)).toContain(title);
    expect(text(html)).toContain(body);
    expect(html).not.toContain('<form');
  });
});

describe('ContactFormView', () => {
  const view = (locale: 'en' | 'nl', state: ContactFormState = initialContactForm) =>
    render(locale, <ContactFormView state={state} onChange={noop} onSubmit={noop} onSendAnother={noop} />);

  it.each([
    ['en', 'Name', 'Email', 'Message', 'Send message'],
    ['nl', 'Naam', 'E-mail', 'Bericht', 'Bericht versturen'],
  ] as const)('labels every field in %s', (locale, name, email, message, submit) => {
    const html = view(locale);
    expect(labelFor(html, 'contact-name')).toBe(name);
    expect(labelFor(html, 'contact-email')).toBe(email);
    expect(labelFor(html, 'contact-message')).toBe(message);
    expect(attributesOf(html, 'contact-message')).toMatchObject({ name: 'message', maxLength: '5000' });
    expect(html).toMatch(new RegExp(`<button[^>]*type="submit"[^>]*>${submit}</button>`));
  });

  it('shows each field error under its field and the generic message', () => {
    const html = view('nl', {
      ...initialContactForm,
      errors: { email: 'invalid', message: 'required', name: 'tooLong' },
      problem: { kind: 'genericForm' },
    });
    expect(text(html)).toContain('E-mail is ongeldig');
    expect(text(html)).toContain('Bericht is verplicht');
    expect(text(html)).toContain('Naam is te lang');
    expect(text(html)).toContain(GENERIC.nl);
    for (const id of ['contact-name', 'contact-email', 'contact-message']) {
      expect(attributesOf(html, id)['aria-invalid']).toBe('true');
      expect(attributesOf(html, id)['aria-describedby']).toContain(`${id}-error`);
    }
  });

  it('thanks the visitor after sending and offers to send another', () => {
    const html = view('en', { ...initialContactForm, sentTo: 'sam@example.org' });
    expect(text(html)).toContain('Thanks for your message');
    expect(text(html)).toContain('reply to sam@example.org');
    expect(text(html)).toContain('Send another message');
  });

  it('sits in a page with an h1 the form is labelled by', () => {
    const html = render(
      'en',
      <ContactScreen
        form={<ContactFormView state={initialContactForm} onChange={noop} onSubmit={noop} onSendAnother={noop} />}
      />,
    );
    expect(html).toMatch(/<h1 id="contact-title"[^>]*>Contact us<\/h1>/);
    expect(html).toContain('aria-labelledby="contact-title"');
  });
});

describe('LegalScreen', () => {
  it.each([
    ['en', 'terms', 'Terms of service', 'Last updated: 22 November 2026', 'right of withdrawal'],
    ['nl', 'terms', 'Algemene voorwaarden', 'Laatst bijgewerkt: 22 november 2026', 'herroepingsrecht'],
    ['en', 'privacy', 'Privacy policy', 'Last updated: 22 November 2026', 'GDPR'],
    ['nl', 'privacy', 'Privacybeleid', 'Laatst bijgewerkt: 22 november 2026', 'Autoriteit Persoonsgegevens'],
  ] as const)('renders %s %s with its date, contents and sections', (locale, document, title, updated, phrase) => {
    const html = render(locale, <LegalScreen document={document} contactHref="/contact" />);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(text(html)).toContain(updated);
    expect(text(html)).toContain(phrase);
    const sections = (messagesByLocale[locale].Legal[document].sections as { heading: string }[]).length;
    expect(sections).toBeGreaterThanOrEqual(8);
    expect(html.match(/<h2[\s>]/g)).toHaveLength(sections + 1);
    expect(html).toContain(`href="#${document}-section-1"`);
    expect(html).toContain(`id="${document}-section-${sections}"`);
    expect(html).toContain('href="/contact"');
    expect(text(html)).not.toMatch(/lorem ipsum/i);
  });
});

describe('MarketingFooter', () => {
  it('links the legal pages and the contact form', () => {
    const html = render(
      'nl',
      <MarketingFooter termsHref="/nl/terms" privacyHref="/nl/privacy" contactHref="/nl/contact" />,
    );
    expect(html).toMatch(/<a href="\/nl\/terms"[^>]*>Algemene voorwaarden<\/a>/);
    expect(html).toMatch(/<a href="\/nl\/privacy"[^>]*>Privacybeleid<\/a>/);
    expect(html).toMatch(/<a href="\/nl\/contact"[^>]*>Contact<\/a>/);
  });
});

describe('public form rules', () => {
  it('checks a contact message like the server does', () => {
    expect(checkContactInput({ name: '', email: 'sam@example.org', message: 'Hi' })).toEqual({});
    expect(checkContactInput({ name: 'n'.repeat(101), email: 'sam', message: ' ' })).toEqual({
      name: 'tooLong',
      email: 'invalid',
      message: 'required',
    });
    expect(checkContactInput({ name: '', email: '', message: 'm'.repeat(5001) })).toEqual({
      email: 'required',
      message: 'tooLong',
    });
  });

  it('reads the rule behind a server message', () => {
    expect(ruleFromServerMessage('Message is required')).toBe('required');
    expect(ruleFromServerMessage('Email is invalid')).toBe('invalid');
    expect(ruleFromServerMessage('Name is too long')).toBe('tooLong');
    expect(ruleFromServerMessage('Something else')).toBeNull();
  });

  it('turns a failed call into field rules and a form problem', () => {
    const failure = { ok: false as const, message: GENERIC.en, fields: {}, retryAfterSeconds: undefined };
    expect(
      describeFailure({ ...failure, status: 400, fields: { email: 'Email is invalid', other: 'x is invalid' } }, [
        'email',
        'message',
      ]),
    ).toEqual({
      fields: { email: 'invalid' },
      form: { kind: 'genericForm' },
    });
    expect(describeFailure({ ...failure, status: 429, retryAfterSeconds: 12 }, ['email'])).toEqual({
      fields: {},
      form: { kind: 'retryAfter', seconds: 12 },
    });
    expect(describeFailure({ ...failure, status: 429 }, ['email']).form).toEqual({ kind: 'tooManyRequestsLater' });
    expect(describeFailure({ ...failure, status: 0 }, ['email']).form).toEqual({ kind: 'unavailable' });
    expect(describeFailure({ ...failure, status: 0, timedOut: true }, ['email']).form).toEqual({ kind: 'timeout' });
    expect(describeFailure({ ...failure, status: 503 }, ['email']).form).toEqual({ kind: 'unavailable' });
    expect(describeFailure({ ...failure, status: 500 }, ['email']).form).toEqual({ kind: 'unexpected' });
  });
});
