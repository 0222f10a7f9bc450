import type { Locale } from '@kassa/contracts/locales';
import type { RefundNoticeKind } from '../domain/order-refund-notice';

/** The words that differ per kind of refund; `amount` is already formatted in the order's currency and locale. */
export interface RefundNoticeCopy {
  subject: (number: string, amount: string) => string;
  preview: (number: string, amount: string) => string;
  heading: string;
  /** The paragraphs that say what happened and what it means for the tickets. */
  body: (number: string, amount: string) => string[];
}

/** Every string of the refund e-mail, per locale; the component holds no text of its own. */
export interface OrderRefundedMessages {
  kinds: Record<RefundNoticeKind, RefundNoticeCopy>;
  greeting: string;
  orderNumberLabel: string;
  amountLabel: string;
  /** Banks take their time; said in every refund mail so nobody worries after a day. */
  statement: string;
  button: string;
  notYou: string;
  footer: string;
}

export const orderRefundedMessages: Record<Locale, OrderRefundedMessages> = {
  en: {
    kinds: {
      'late-payment': {
        subject: (number) => `Your payment for order ${number} has been refunded`,
        preview: (_number, amount) => `We refunded ${amount}: your payment came in after your reservation had ended.`,
        heading: 'Your payment has been refunded',
        body: (number, amount) => [
          `Your payment came in after your reservation had ended and the tickets were no longer available, so we have refunded it in full: ${amount} for order ${number}.`,
          'There are no tickets for this order. If you still want to go, have a look in the shop to see whether tickets are available again.',
        ],
      },
      'organiser-full': {
        subject: (number) => `Order ${number} has been refunded and canceled`,
        preview: (number, amount) => `The organiser refunded ${amount} of order ${number}.`,
        heading: 'Your order has been refunded',
        body: (number, amount) => [
          `The organiser refunded ${amount} of order ${number}.`,
          'The order is canceled and its tickets are no longer valid.',
        ],
      },
      'organiser-partial': {
        subject: (number) => `Partial refund for order ${number}`,
        preview: (number, amount) => `The organiser refunded ${amount} of order ${number}.`,
        heading: 'Part of your order has been refunded',
        body: (number, amount) => [
          `The organiser refunded ${amount} of order ${number}.`,
          'Your tickets stay valid: you can use them as before.',
        ],
      },
      'order-canceled': {
        subject: (number) => `Order ${number} was canceled and your payment refunded`,
        preview: (number, amount) => `Order ${number} was canceled by the organiser; we refunded ${amount}.`,
        heading: 'Your order was canceled',
        body: (number, amount) => [
          `Order ${number} was canceled by the organiser, so we have refunded your payment of ${amount} in full.`,
          'There are no tickets for this order.',
        ],
      },
      'duplicate-payment': {
        subject: (number) => `You paid twice for order ${number}: we refunded one payment`,
        preview: (number, amount) => `You paid twice for order ${number}; we refunded the second payment of ${amount}.`,
        heading: 'You paid twice',
        body: (number, amount) => [
          `You paid twice for order ${number}; we refunded the second payment of ${amount}.`,
          'Your order is paid and stays valid: your tickets are not affected.',
        ],
      },
    },
    greeting: 'Hi,',
    orderNumberLabel: 'Order number',
    amountLabel: 'Amount refunded',
    statement: 'It can take a few days before the refund shows on your bank or card statement.',
    button: 'View your order',
    notYou: "Didn't place this order? Then someone entered your address by mistake and you can ignore this e-mail.",
    footer: 'Kassa · tickets for your events',
  },
  nl: {
    kinds: {
      'late-payment': {
        subject: (number) => `Je betaling voor bestelling ${number} is terugbetaald`,
        preview: (_number, amount) =>
          `We hebben ${amount} terugbetaald: je betaling kwam binnen nadat je reservering was verlopen.`,
        heading: 'Je betaling is terugbetaald',
        body: (number, amount) => [
          `Je betaling kwam binnen nadat je reservering was verlopen en de tickets niet meer beschikbaar waren. Daarom hebben we het volledige bedrag terugbetaald: ${amount} voor bestelling ${number}.`,
          'Bij deze bestelling horen geen tickets. Wil je toch graag gaan? Kijk dan in de shop of er weer tickets beschikbaar zijn.',
        ],
      },
      'organiser-full': {
        subject: (number) => `Bestelling ${number} is terugbetaald en geannuleerd`,
        preview: (number, amount) => `De organisator heeft ${amount} van bestelling ${number} terugbetaald.`,
        heading: 'Je bestelling is terugbetaald',
        body: (number, amount) => [
          `De organisator heeft ${amount} van bestelling ${number} terugbetaald.`,
          'De bestelling is geannuleerd en de tickets zijn niet meer geldig.',
        ],
      },
      'organiser-partial': {
        subject: (number) => `Gedeeltelijke terugbetaling voor bestelling ${number}`,
        preview: (number, amount) => `De organisator heeft ${amount} van bestelling ${number} terugbetaald.`,
        heading: 'Een deel van je bestelling is terugbetaald',
        body: (number, amount) => [
          `De organisator heeft ${amount} van bestelling ${number} terugbetaald.`,
          'Je tickets blijven geldig: je kunt ze gewoon gebruiken.',
        ],
      },
      'order-canceled': {
        subject: (number) => `Bestelling ${number} is geannuleerd en je betaling terugbetaald`,
        preview: (number, amount) =>
          `Bestelling ${number} is door de organisator geannuleerd; we hebben ${amount} terugbetaald.`,
        heading: 'Je bestelling is geannuleerd',
        body: (number, amount) => [
          `Bestelling ${number} is door de organisator geannuleerd. Daarom hebben we je betaling van ${amount} volledig terugbetaald.`,
          'Bij deze bestelling horen geen tickets.',
        ],
      },
      'duplicate-payment': {
        subject: (number) => `Je hebt twee keer betaald voor bestelling ${number}: we hebben één betaling terugbetaald`,
        preview: (number, amount) =>
          `Je hebt twee keer betaald voor bestelling ${number}; we hebben de tweede betaling van ${amount} terugbetaald.`,
        heading: 'Je hebt twee keer betaald',
        body: (number, amount) => [
          `Je hebt twee keer betaald voor bestelling ${number}; we hebben de tweede betaling van ${amount} terugbetaald.`,
          'Je bestelling is betaald en blijft geldig: aan je tickets verandert niets.',
        ],
      },
    },
    greeting: 'Hoi,',
    orderNumberLabel: 'Bestelnummer',
    amountLabel: 'Terugbetaald bedrag',
    statement: 'Het kan een paar dagen duren voordat de terugbetaling op je bank- of creditcardafschrift staat.',
    button: 'Bestelling bekijken',
    notYou:
      'Heb je deze bestelling niet geplaatst? Dan heeft iemand je adres per ongeluk ingevuld en kun je deze e-mail negeren.',
    footer: 'Kassa · tickets voor je evenementen',
  },
};
