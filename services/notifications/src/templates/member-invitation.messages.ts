import type { Locale } from '@kassa/contracts/locales';

/** Every string of the invitation e-mail, per locale; the component holds no text of its own. */
export interface MemberInvitationMessages {
  subject: (invitedBy: string, organisation: string) => string;
  preview: (invitedBy: string, organisation: string) => string;
  heading: (organisation: string) => string;
  greeting: (firstName: string) => string;
  intro: (invitedBy: string, organisation: string) => string;
  whatItIs: string;
  button: string;
  linkHint: string;
  validity: (expiresOn: string) => string;
  sameAddress: (email: string) => string;
  notYou: string;
  footer: string;
}

export const memberInvitationMessages: Record<Locale, MemberInvitationMessages> = {
  en: {
    subject: (invitedBy, organisation) => `${invitedBy} invited you to join ${organisation} on Kassa`,
    preview: (invitedBy, organisation) => `Join ${organisation} on Kassa: ${invitedBy} added you to the team.`,
    heading: (organisation) => `Join ${organisation} on Kassa`,
    greeting: (firstName) => (firstName ? `Hi ${firstName},` : 'Hi,'),
    intro: (invitedBy, organisation) => `${invitedBy} invited you to join the team of ${organisation} on Kassa.`,
    whatItIs:
      'Kassa is where the organisation sells tickets for its events, runs its ticket shops and scans tickets at the door. Once you accept, you can help out with the tasks you were given.',
    button: 'Accept invitation',
    linkHint: "If the button doesn't work, copy this link into your browser:",
    validity: (expiresOn) => `The invitation is valid until ${expiresOn}. After that, ask for a new one.`,
    sameAddress: (email) =>
      `Sign in or create your account with ${email} to accept: the invitation only works for this address.`,
    notYou: 'Not expecting this? Then you can ignore this e-mail: nothing happens unless you accept.',
    footer: 'Kassa · tickets for your events',
  },
  nl: {
    subject: (invitedBy, organisation) => `${invitedBy} nodigt je uit voor ${organisation} op Kassa`,
    preview: (invitedBy, organisation) =>
      `Word lid van ${organisation} op Kassa: ${invitedBy} heeft je aan het team toegevoegd.`,
    heading: (organisation) => `Word lid van ${organisation} op Kassa`,
    greeting: (firstName) => (firstName ? `Hoi ${firstName},` : 'Hoi,'),
    intro: (invitedBy, organisation) => `${invitedBy} heeft je uitgenodigd voor het team van ${organisation} op Kassa.`,
    whatItIs:
      'Met Kassa verkoopt de organisatie tickets voor haar evenementen, beheert ze ticketshops en scant ze tickets bij de ingang. Zodra je de uitnodiging accepteert, kun je helpen met de taken die je hebt gekregen.',
    button: 'Uitnodiging accepteren',
    linkHint: 'Werkt de knop niet? Kopieer dan deze link naar je browser:',
    validity: (expiresOn) => `De uitnodiging is geldig tot ${expiresOn}. Daarna kun je om een nieuwe vragen.`,
    sameAddress: (email) =>
      `Log in of maak je account aan met ${email} om te accepteren: de uitnodiging werkt alleen voor dit adres.`,
    notYou: 'Had je dit niet verwacht? Dan kun je deze e-mail negeren: er gebeurt niets zolang je niet accepteert.',
    footer: 'Kassa · tickets voor je evenementen',
  },
};
