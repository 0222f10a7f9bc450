import {
  recordedSubject,
  renderContactMessageEmail,
  renderTemplate,
  renderWaitlistConfirmationEmail,
} from '../../src/templates/render-email';

const siteUrl = 'http://localhost:3000';

describe('waitlist-confirmation e-mail', () => {
  it('renders in English, linking the site, with a plain-text part', async () => {
    const mail = await renderWaitlistConfirmationEmail({ locale: 'en', siteUrl });
    expect(mail.subject).toBe("You're on the Kassa waitlist");
    expect(mail.html).toContain('lang="en"');
    expect(mail.html).toContain('re on the list');
    expect(mail.html).toContain(`href="${siteUrl}"`);
    expect(mail.text).toContain('Thanks for joining the Kassa waitlist.');
    expect(mail.text).toContain('you pay only for tickets sold');
    expect(mail.text).not.toContain('<');
    expect(mail.replyTo).toBeUndefined();
  });

  it('renders in Dutch', async () => {
    const mail = await renderTemplate('waitlist-confirmation', {}, { locale: 'nl', siteUrl });
    expect(mail.subject).toBe('Je staat op de wachtlijst van Kassa');
    expect(mail.html).toContain('lang="nl"');
    expect(mail.html).toContain('Je staat op de lijst');
    expect(mail.text).toContain('je betaalt alleen voor verkochte tickets');
  });

  it('records the subject as sent (nothing to hide)', () => {
    expect(recordedSubject('waitlist-confirmation', 'en')).toBe("You're on the Kassa waitlist");
    expect(recordedSubject('waitlist-confirmation', 'nl')).toBe('Je staat op de wachtlijst van Kassa');
  });
});

describe('contact-message e-mail', () => {
  const payload = {
    name: 'Sam Jansen',
    email: 'sam@example.org',
    message: 'First line\nSecond line',
    visitorLocale: 'nl' as const,
  };

  it('shows the visitor, their language and their message, and replies go to the visitor', async () => {
    const mail = await renderContactMessageEmail(payload);
    expect(mail.subject).toBe('Kassa contact form: new message');
    expect(mail.replyTo).toBe('sam@example.org');
    expect(mail.text).toContain('Sam Jansen');
    expect(mail.text).toContain('sam@example.org');
    expect(mail.text).toContain('Dutch');
    expect(mail.text).toContain('First line\nSecond line');
    expect(mail.html).toMatch(/First line<br\/?>Second line/);
  });

  it('says so when no name was given', async () => {
    const mail = await renderTemplate('contact-message', { ...payload, name: '' }, { locale: 'en', siteUrl });
    expect(mail.text).toContain('(not given)');
  });

  it("escapes the visitor's words instead of injecting markup", async () => {
    const mail = await renderContactMessageEmail({
      ...payload,
      name: '<b>Eve</b>',
      message: '<script>alert(1)</script>',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('records a fixed subject', () => {
    expect(recordedSubject('contact-message', 'en')).toBe('Kassa contact form: new message');
  });
});
