import { recordedSubject, renderSignInCodeEmail, renderTemplate } from '../../src/templates/render-email';

const siteUrl = 'http://localhost:3000';

describe('signin-code e-mail', () => {
  it('renders in English with the code in the subject, the HTML and the text part', async () => {
    const mail = await renderSignInCodeEmail(
      { code: '482913', newAccount: false, displayName: 'Jane' },
      { locale: 'en', siteUrl },
    );
    expect(mail.subject).toBe('Your Kassa sign-in code: 482913');
    expect(mail.html).toContain('482913');
    expect(mail.html).toContain('lang="en"');
    expect(mail.html).toContain('Sign in to Kassa');
    expect(mail.html).toContain('Hi Jane,');
    expect(mail.text).toContain('482913');
    expect(mail.text).toContain('valid for 10 minutes');
    expect(mail.text).not.toContain('<');
  });

  it('renders in Dutch', async () => {
    const mail = await renderSignInCodeEmail(
      { code: '070707', newAccount: false, displayName: '' },
      { locale: 'nl', siteUrl },
    );
    expect(mail.subject).toBe('Je Kassa-inlogcode: 070707');
    expect(mail.html).toContain('070707');
    expect(mail.html).toContain('lang="nl"');
    expect(mail.html).toContain('Inloggen bij Kassa');
    expect(mail.text).toContain('070707');
    expect(mail.text).toContain('10 minuten geldig');
    expect(mail.text).toContain('Hoi,');
  });

  it.each([
    ['en', 'Welcome to Kassa', 'Sign in to Kassa'],
    ['nl', 'Welkom bij Kassa', 'Inloggen bij Kassa'],
  ] as const)('welcomes a new account in %s', async (locale, welcome, signIn) => {
    const mail = await renderTemplate(
      'signin-code',
      { code: '123456', newAccount: true, displayName: '' },
      { locale, siteUrl },
    );
    expect(mail.html).toContain(welcome);
    expect(mail.html).not.toContain(signIn);
    expect(mail.text).toContain('123456');
  });

  it('escapes a display name instead of injecting markup', async () => {
    const mail = await renderSignInCodeEmail(
      { code: '111111', newAccount: false, displayName: '<b>Eve</b>' },
      { locale: 'en', siteUrl },
    );
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
  });

  it('records a subject with the code masked', () => {
    expect(recordedSubject('signin-code', 'en')).toBe('Your Kassa sign-in code: ******');
    expect(recordedSubject('signin-code', 'nl')).toBe('Je Kassa-inlogcode: ******');
  });
});
