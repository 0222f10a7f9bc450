// The demo data's fixed names, importable without side effects (scripts and other services' seeds refer to them).
// The organisation id is a constant ULID-shaped id, so catalog's demo events can belong to it without asking identity.

export const DEMO_USER = { email: 'demo@kassa.localhost', displayName: 'Demo Organiser', locale: 'en' } as const;
export const DEMO_BOX_OFFICE_USER = {
  email: 'box-office@kassa.localhost',
  displayName: 'Sam Box Office',
  locale: 'en',
} as const;
export const DEMO_INVITEE_EMAIL = 'scanner@kassa.localhost';

export const DEMO_ORGANISATION_ID = 'org_01kassadem0000000000000000';
export const DEMO_ORGANISATION = {
  id: DEMO_ORGANISATION_ID,
  name: 'Kassa Demo Events',
  description: 'Concerts, talks and club nights to try Kassa with.',
  currency: 'EUR',
  defaultLocale: 'en',
  timeZone: 'Europe/Amsterdam',
} as const;
