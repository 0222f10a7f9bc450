import type { Locale } from '@kassa/contracts/locales';

/** Every string of the sign-in code e-mail, per locale; the component holds no text of its own. */
export interface SignInCodeMessages {
  subject: (code: string) => string;
  preview: (code: string) => string;
  greeting: (displayName: string) => string;
  heading: { signIn: string; welcome: string };
  intro: { signIn: string; welcome: string };
  codeLabel: string;
  validity: (minutes: number) => string;
  notYou: string;
  footer: string;
}

export const signInCodeMessages: Record<Locale, SignInCodeMessages> = {
  en: {
    subject: (code) => `Your Kassa sign-in code: ${code}`,
    preview: (code) => `${code} is your Kassa sign-in code`,
    greeting: (displayName) => (displayName ? `Hi ${displayName},` : 'Hi,'),
    heading: { signIn: 'Sign in to Kassa', welcome: 'Welcome to Kassa' },
    intro: {
      signIn: 'Enter this code on the sign-in page to continue.',
      welcome: 'Thanks for signing up. Enter this code to confirm your e-mail address and create your account.',
    },
    codeLabel: 'Your code',
    validity: (minutes) => `The code is valid for ${minutes} minutes and works once.`,
    notYou: "Didn't ask for this code? Then you can ignore this e-mail: nobody can sign in without it.",
    footer: 'Kassa · tickets for your events',
  },
  nl: {
    subject: (code) => `Je Kassa-inlogcode: ${code}`,
    preview: (code) => `${code} is je Kassa-inlogcode`,
    greeting: (displayName) => (displayName ? `Hoi ${displayName},` : 'Hoi,'),
    heading: { signIn: 'Inloggen bij Kassa', welcome: 'Welkom bij Kassa' },
    intro: {
      signIn: 'Vul deze code in op de inlogpagina om verder te gaan.',
      welcome: 'Leuk dat je je aanmeldt. Vul deze code in om je e-mailadres te bevestigen en je account aan te maken.',
    },
    codeLabel: 'Je code',
    validity: (minutes) => `De code is ${minutes} minuten geldig en werkt één keer.`,
    notYou: 'Heb je deze code niet aangevraagd? Dan kun je deze e-mail negeren: zonder de code kan niemand inloggen.',
    footer: 'Kassa · tickets voor je evenementen',
  },
};
