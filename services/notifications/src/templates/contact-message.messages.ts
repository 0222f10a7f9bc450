import type { Locale } from '@kassa/contracts/locales';

/**
 * The contact form message as the operators receive it. Operators work in English, so this mail has one
 * language; it names the visitor's language so that the answer can be written in it.
 */
export const contactMessageMessages = {
  subject: 'Kassa contact form: new message',
  preview: (name: string) => `${name || 'A visitor'} wrote through the contact form`,
  heading: 'New message through the contact form',
  nameLabel: 'Name',
  noName: '(not given)',
  emailLabel: 'E-mail',
  languageLabel: 'Language',
  languages: { en: 'English', nl: 'Dutch' } satisfies Record<Locale, string>,
  messageLabel: 'Message',
  replyHint: 'Reply to this e-mail to answer the visitor directly.',
  footer: 'Kassa · contact form',
};
