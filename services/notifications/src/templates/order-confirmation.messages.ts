import type { Locale } from '@kassa/contracts/locales';

/** Every string of the order confirmation (e-mail, PDF and Wallet pass), per locale; the components hold no text of their own. */
export interface OrderConfirmationMessages {
  /** `others`: how many more events than the one named the order is for. */
  subject: (event: string, others: number, number: string) => string;
  preview: (number: string, tickets: number) => string;
  heading: string;
  greeting: string;
  intro: (number: string) => string;
  howTo: string;
  attachmentsNote: (walletPasses: boolean) => string;
  eventsHeading: (count: number) => string;
  ticketsHeading: string;
  ticketOf: (position: number, of: number) => string;
  referenceLabel: string;
  /** The line under a ticket listing what it admits to, when it grants more than one event. */
  admitsTo: string;
  openTicket: string;
  qrAlt: (reference: string) => string;
  summaryHeading: string;
  orderNumberLabel: string;
  /** "2 × €25.00". */
  lineQuantity: (quantity: number, unitPrice: string) => string;
  subtotal: string;
  discount: (code: string) => string;
  donation: string;
  fee: string;
  total: string;
  viewOrder: string;
  notYou: string;
  footer: string;
  pdf: {
    title: (number: string) => string;
    instructions: string;
    moreEvents: (count: number) => string;
  };
  wallet: {
    description: (event: string) => string;
    eventLabel: string;
    dateLabel: string;
    locationLabel: string;
    itemLabel: string;
    ticketLabel: string;
    linkLabel: string;
  };
}

export const orderConfirmationMessages: Record<Locale, OrderConfirmationMessages> = {
  en: {
    subject: (event, others, number) => {
      if (!event) return `Your tickets — order ${number}`;
      const more = others === 0 ? '' : ` and ${others} more ${others === 1 ? 'event' : 'events'}`;
      return `Your tickets for ${event}${more} — order ${number}`;
    },
    preview: (number, tickets) =>
      `Order ${number}: your ${tickets === 1 ? 'ticket is' : `${tickets} tickets are`} below and attached.`,
    heading: 'Here are your tickets',
    greeting: 'Hi,',
    intro: (number) => `Thank you for your order. Order ${number} is paid and your tickets are ready.`,
    howTo:
      'Show the QR code of each ticket at the entrance, on your phone or printed. Each ticket admits one person once, so keep your tickets to yourself.',
    attachmentsNote: (walletPasses) =>
      walletPasses
        ? 'All tickets are also attached as one PDF, and each as an Apple Wallet pass.'
        : 'All tickets are also attached as one PDF, ready to print.',
    eventsHeading: (count) => (count === 1 ? 'Event' : 'Events'),
    ticketsHeading: 'Your tickets',
    ticketOf: (position, of) => `Ticket ${position} of ${of}`,
    referenceLabel: 'Reference',
    admitsTo: 'Admits to',
    openTicket: 'Open ticket',
    qrAlt: (reference) => `QR code of ticket ${reference}`,
    summaryHeading: 'Order summary',
    orderNumberLabel: 'Order number',
    lineQuantity: (quantity, unitPrice) => `${quantity} × ${unitPrice}`,
    subtotal: 'Subtotal',
    discount: (code) => (code ? `Discount (${code})` : 'Discount'),
    donation: 'Donation',
    fee: 'Transaction fee',
    total: 'Total',
    viewOrder: 'View your order',
    notYou: "Didn't place this order? Then someone entered your address by mistake and you can ignore this e-mail.",
    footer: 'Kassa · tickets for your events',
    pdf: {
      title: (number) => `Tickets for order ${number}`,
      instructions: 'Show this QR code at the entrance. Each ticket admits one person once.',
      moreEvents: (count) => `and ${count} more ${count === 1 ? 'event' : 'events'}`,
    },
    wallet: {
      description: (event) => `Ticket for ${event}`,
      eventLabel: 'Event',
      dateLabel: 'Date',
      locationLabel: 'Location',
      itemLabel: 'Ticket',
      ticketLabel: 'Ticket',
      linkLabel: 'Ticket page',
    },
  },
  nl: {
    subject: (event, others, number) => {
      if (!event) return `Je tickets — bestelling ${number}`;
      const more = others === 0 ? '' : ` en nog ${others} ${others === 1 ? 'evenement' : 'evenementen'}`;
      return `Je tickets voor ${event}${more} — bestelling ${number}`;
    },
    preview: (number, tickets) =>
      `Bestelling ${number}: je ${tickets === 1 ? 'ticket staat' : `${tickets} tickets staan`} hieronder en in de bijlage.`,
    heading: 'Hier zijn je tickets',
    greeting: 'Hoi,',
    intro: (number) => `Bedankt voor je bestelling. Bestelling ${number} is betaald en je tickets staan klaar.`,
    howTo:
      'Laat bij de ingang de QR-code van elk ticket zien, op je telefoon of geprint. Elk ticket geeft één persoon één keer toegang, dus houd je tickets voor jezelf.',
    attachmentsNote: (walletPasses) =>
      walletPasses
        ? 'Alle tickets zitten ook als één pdf in de bijlage, en elk ticket als Apple Wallet-pas.'
        : 'Alle tickets zitten ook als één pdf in de bijlage, klaar om te printen.',
    eventsHeading: (count) => (count === 1 ? 'Evenement' : 'Evenementen'),
    ticketsHeading: 'Je tickets',
    ticketOf: (position, of) => `Ticket ${position} van ${of}`,
    referenceLabel: 'Referentie',
    admitsTo: 'Toegang tot',
    openTicket: 'Ticket openen',
    qrAlt: (reference) => `QR-code van ticket ${reference}`,
    summaryHeading: 'Overzicht van je bestelling',
    orderNumberLabel: 'Bestelnummer',
    lineQuantity: (quantity, unitPrice) => `${quantity} × ${unitPrice}`,
    subtotal: 'Subtotaal',
    discount: (code) => (code ? `Korting (${code})` : 'Korting'),
    donation: 'Donatie',
    fee: 'Transactiekosten',
    total: 'Totaal',
    viewOrder: 'Bestelling bekijken',
    notYou:
      'Heb je deze bestelling niet geplaatst? Dan heeft iemand je adres per ongeluk ingevuld en kun je deze e-mail negeren.',
    footer: 'Kassa · tickets voor je evenementen',
    pdf: {
      title: (number) => `Tickets voor bestelling ${number}`,
      instructions: 'Laat deze QR-code zien bij de ingang. Elk ticket geeft één persoon één keer toegang.',
      moreEvents: (count) => `en nog ${count} ${count === 1 ? 'evenement' : 'evenementen'}`,
    },
    wallet: {
      description: (event) => `Ticket voor ${event}`,
      eventLabel: 'Evenement',
      dateLabel: 'Datum',
      locationLabel: 'Locatie',
      itemLabel: 'Ticket',
      ticketLabel: 'Ticket',
      linkLabel: 'Ticketpagina',
    },
  },
};
