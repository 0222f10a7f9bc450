import type { Locale } from '@kassa/contracts/locales';

/** Every string of the waitlist confirmation, per locale; the component holds no text of its own. */
export interface WaitlistConfirmationMessages {
  subject: string;
  preview: string;
  heading: string;
  greeting: string;
  intro: string;
  whatNext: string;
  /** What the visitor can expect from Kassa: a handful of mails, no newsletter. */
  promise: string;
  notYou: string;
  footer: string;
}

export const waitlistConfirmationMessages: Record<Locale, WaitlistConfirmationMessages> = {
  en: {
    subject: "You're on the Kassa waitlist",
    preview: "Thanks for your interest in Kassa. We'll let you know as soon as you can start selling tickets.",
    heading: "You're on the list",
    greeting: 'Hi,',
    intro:
      'Thanks for joining the Kassa waitlist. Kassa lets you sell tickets for your events, run your own ticket shops and scan tickets at the door, free to use: you pay only for tickets sold.',
    whatNext:
      "We're opening Kassa to organisers in small groups. As soon as there's room for you, we'll send you an e-mail with everything you need to get started.",
    promise:
      'We will only write to you about your place on the waitlist and the launch of Kassa. No newsletter, and we never share your address.',
    notYou:
      "Didn't sign up? Then someone entered your address by mistake. You can ignore this e-mail, or reply to it and we'll remove your address from the list.",
    footer: 'Kassa · tickets for your events',
  },
  nl: {
    subject: 'Je staat op de wachtlijst van Kassa',
    preview: 'Bedankt voor je interesse in Kassa. We laten het je weten zodra je tickets kunt gaan verkopen.',
    heading: 'Je staat op de lijst',
    greeting: 'Hoi,',
    intro:
      'Bedankt dat je je hebt aangemeld voor de wachtlijst van Kassa. Met Kassa verkoop je tickets voor je evenementen, beheer je je eigen ticketshops en scan je tickets bij de deur. Gratis te gebruiken: je betaalt alleen voor verkochte tickets.',
    whatNext:
      'We laten organisatoren in kleine groepen toe. Zodra er plek voor je is, sturen we je een e-mail met alles wat je nodig hebt om te beginnen.',
    promise:
      'We mailen je alleen over je plek op de wachtlijst en de lancering van Kassa. Geen nieuwsbrief, en we delen je adres nooit met anderen.',
    notYou:
      'Heb je je niet aangemeld? Dan heeft iemand je adres per ongeluk ingevuld. Je kunt deze e-mail negeren, of erop antwoorden, dan halen we je adres van de lijst.',
    footer: 'Kassa · tickets voor je evenementen',
  },
};
