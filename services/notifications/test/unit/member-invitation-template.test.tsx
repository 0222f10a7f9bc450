import { formatExpiry, invitationLink } from '../../src/domain/invitation-link';
import { recordedSubject, renderTemplate } from '../../src/templates/render-email';

const siteUrl = 'http://localhost:3000';
const token = 'AbC_dEf-0123456789abcdefghijklmnopqrstuvwxy';
const payload = {
  token,
  organisationName: 'Kassa Demo Events',
  invitedBy: 'Demo Organiser',
  firstName: 'Bo',
  email: 'bo@example.com',
  expiresAt: '2026-12-08T10:00:00.000Z',
};

describe('invitationLink', () => {
  it('points at the account invitation page, with the locale prefix for Dutch', () => {
    expect(invitationLink(siteUrl, 'en', token)).toBe(`http://localhost:3000/account/invitations/${token}`);
    expect(invitationLink('https://tickets.example.com/', 'nl', token)).toBe(
      `https://tickets.example.com/nl/account/invitations/${token}`,
    );
  });

  it('formats the expiry for people, in both languages', () => {
    expect(formatExpiry(new Date(payload.expiresAt), 'en')).toMatch(/^8 December 2026.*11:00.*CET$/);
    expect(formatExpiry(new Date(payload.expiresAt), 'nl')).toMatch(/^8 december 2026.*11:00.*CET$/);
  });
});

describe('member-invitation e-mail', () => {
  it('renders in English: who invited whom to what, the accept link and the expiry', async () => {
    const mail = await renderTemplate('member-invitation', payload, { locale: 'en', siteUrl });
    expect(mail.subject).toBe('Demo Organiser invited you to join Kassa Demo Events on Kassa');
    expect(mail.html).toContain('lang="en"');
    expect(mail.html).toContain('Hi Bo,');
    expect(mail.html).toContain('Accept invitation');
    expect(mail.html).toContain(`href="http://localhost:3000/account/invitations/${token}"`);
    expect(mail.text).toContain(`http://localhost:3000/account/invitations/${token}`);
    expect(mail.text).toContain('valid until 8 December 2026');
    expect(mail.text).toContain('bo@example.com');
  });

  it('renders in Dutch with the /nl link', async () => {
    const mail = await renderTemplate('member-invitation', { ...payload, firstName: '' }, { locale: 'nl', siteUrl });
    expect(mail.subject).toBe('Demo Organiser nodigt je uit voor Kassa Demo Events op Kassa');
    expect(mail.html).toContain('lang="nl"');
    expect(mail.html).toContain('Hoi,');
    expect(mail.html).toContain('Uitnodiging accepteren');
    expect(mail.text).toContain(`http://localhost:3000/nl/account/invitations/${token}`);
    expect(mail.text).toContain('geldig tot 8 december 2026');
  });

  it('escapes names instead of injecting markup, and records the subject as sent', async () => {
    const mail = await renderTemplate(
      'member-invitation',
      { ...payload, organisationName: '<i>Evil</i>' },
      { locale: 'en', siteUrl },
    );
    expect(mail.html).not.toContain('<i>Evil</i>');
    expect(recordedSubject('member-invitation', 'en', payload)).toBe(
      'Demo Organiser invited you to join Kassa Demo Events on Kassa',
    );
  });
});
