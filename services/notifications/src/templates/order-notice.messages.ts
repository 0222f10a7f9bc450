import type { Locale } from '@kassa/contracts/locales';
import type { OrderNoticeKind } from '../domain/order-notice';

/** The words that differ per kind of notice; `total` is already formatted in the order's currency and locale. */
export interface OrderNoticeCopy {
  subject: (number: string) => string;
  preview: (number: string, total: string) => string;
  heading: string;
  /** The paragraphs that say what happened and what the guest can do now. */
  body: (number: string, total: string) => string[];
  button: string;
}

/** Every string of the order notice e-mail, per locale; the component holds no text of its own. */
export interface OrderNoticeMessages {
  kinds: Record<OrderNoticeKind, OrderNoticeCopy>;
  greeting: string;
  orderNumberLabel: string;
  totalLabel: string;
  notYou: string;
  footer: string;
}

export const orderNoticeMessages: Record<Locale, OrderNoticeMessages> = {
  en: {
    kinds: {
      'payment-failed': {
        subject: (number) => `Your payment for order ${number} did not go through`,
        preview: (number) => `Your payment for order ${number} failed or was aborted. Your tickets are still held.`,
        heading: 'Your payment did not go through',
        body: (number, total) => [
          `Your payment of ${total} for order ${number} failed or was aborted, so nothing was charged.`,
          'Your tickets are still held for you for a short while. Open your order to try again.',
          'Already paid since? Then you can ignore this e-mail: your confirmation is on its way.',
        ],
        button: 'Retry payment',
      },
      'hold-expired': {
        subject: (number) => `Your reservation for order ${number} has expired`,
        preview: (number) => `Order ${number} was not paid in time, so its tickets went back on sale.`,
        heading: 'Your reservation has expired',
        body: (number, total) => [
          `Order ${number} (${total}) was not paid in time, so we released its tickets and nothing was charged.`,
          'Still want to go? Open your order and retry the payment: if the tickets are still available, they are reserved for you again.',
        ],
        button: 'View your order',
      },
      'order-canceled': {
        subject: (number) => `Order ${number} has been canceled`,
        preview: (number) => `The organiser canceled order ${number}.`,
        heading: 'Your order was canceled',
        body: (number) => [
          `The organiser canceled order ${number}. Nothing was charged, and its tickets are no longer valid.`,
          'Questions about it? Please contact the organiser of the event.',
        ],
        button: 'View your order',
      },
    },
    greeting: 'Hi,',
    orderNumberLabel: 'Order number',
    totalLabel: 'Total',
    notYou: "Didn't place this order? Then someone entered your address by mistake and you can ignore this e-mail.",
    footer: 'Kassa · tickets for your events',
  },
  nl: {
    kinds: {
      'payment-failed': {
        subject: (number) => `Je betaling voor bestelling ${number} is niet gelukt`,
        preview: (number) =>
          `Je betaling voor bestelling ${number} is mislukt of afgebroken. Je tickets zijn nog voor je gereserveerd.`,
        heading: 'Je betaling is niet gelukt',
        body: (number, total) => [
          `Je betaling van ${total} voor bestelling ${number} is mislukt of afgebroken. Er is niets afgeschreven.`,
          'Je tickets blijven nog even voor je gereserveerd. Open je bestelling om het opnieuw te proberen.',
          'Heb je inmiddels betaald? Dan kun je deze e-mail negeren: je bevestiging komt eraan.',
        ],
        button: 'Opnieuw betalen',
      },
      'hold-expired': {
        subject: (number) => `Je reservering voor bestelling ${number} is verlopen`,
        preview: (number) => `Bestelling ${number} is niet op tijd betaald; de tickets zijn weer te koop.`,
        heading: 'Je reservering is verlopen',
        body: (number, total) => [
          `Bestelling ${number} (${total}) is niet op tijd betaald. Daarom hebben we de tickets vrijgegeven; er is niets afgeschreven.`,
          'Wil je toch graag gaan? Open je bestelling en probeer opnieuw te betalen: zijn de tickets nog beschikbaar, dan worden ze opnieuw voor je gereserveerd.',
        ],
        button: 'Bestelling bekijken',
      },
      'order-canceled': {
        subject: (number) => `Bestelling ${number} is geannuleerd`,
        preview: (number) => `De organisator heeft bestelling ${number} geannuleerd.`,
        heading: 'Je bestelling is geannuleerd',
        body: (number) => [
          `De organisator heeft bestelling ${number} geannuleerd. Er is niets afgeschreven en de tickets zijn niet meer geldig.`,
          'Vragen hierover? Neem contact op met de organisator van het evenement.',
        ],
        button: 'Bestelling bekijken',
      },
    },
    greeting: 'Hoi,',
    orderNumberLabel: 'Bestelnummer',
    totalLabel: 'Totaal',
    notYou:
      'Heb je deze bestelling niet geplaatst? Dan heeft iemand je adres per ongeluk ingevuld en kun je deze e-mail negeren.',
    footer: 'Kassa · tickets voor je evenementen',
  },
};
