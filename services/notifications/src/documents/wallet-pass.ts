import type { Locale } from '@kassa/contracts/locales';
import { PKPass } from 'passkit-generator';
import {
  type ConfirmationTicket,
  eventsOfTicket,
  formatEventTime,
  formatLocation,
  type OrderConfirmationPayload,
  ticketPageLink,
} from '../domain/order-confirmation';
import { orderConfirmationMessages } from '../templates/order-confirmation.messages';
import { iconPng } from './png';

/**
 * What signs Apple Wallet passes: the Pass Type ID and team from Apple's developer account, the pass type certificate
 * and its private key, and Apple's WWDR intermediate certificate, all PEM.
 */
export interface WalletPassSigning {
  passTypeId: string;
  teamId: string;
  signerCert: Buffer;
  signerKey: Buffer;
  signerKeyPassphrase?: string;
  wwdr: Buffer;
}

export interface WalletPassIssuer {
  /** One signed .pkpass (a zip: pass.json, images, manifest.json, signature) for a ticket. */
  pass(payload: OrderConfirmationPayload, ticket: ConfirmationTicket, locale: Locale, siteUrl: string): Buffer;
}

const zinc900 = 'rgb(24, 24, 27)';
const white = 'rgb(255, 255, 255)';
const zinc400 = 'rgb(161, 161, 170)';

// Drawn once: 29 pt icons at 1x, 2x and 3x.
const icons = {
  'icon.png': iconPng(29, [24, 24, 27], [34, 197, 94]),
  'icon@2x.png': iconPng(58, [24, 24, 27], [34, 197, 94]),
  'icon@3x.png': iconPng(87, [24, 24, 27], [34, 197, 94]),
};

/**
 * Event-ticket passes whose barcode is the ticket's signed code as a QR (the same symbol as in the e-mail and the PDF),
 * in the order's language. Signing problems (a wrong key or passphrase) throw: the caller decides what a mail without
 * passes is worth.
 */
export function createWalletPassIssuer(signing: WalletPassSigning): WalletPassIssuer {
  const certificates = {
    wwdr: signing.wwdr,
    signerCert: signing.signerCert,
    signerKey: signing.signerKey,
    ...(signing.signerKeyPassphrase ? { signerKeyPassphrase: signing.signerKeyPassphrase } : {}),
  };
  return {
    pass(payload, ticket, locale, siteUrl) {
      const t = orderConfirmationMessages[locale];
      const events = eventsOfTicket(payload, ticket);
      const first = events[0];
      const passJson = {
        formatVersion: 1,
        passTypeIdentifier: signing.passTypeId,
        teamIdentifier: signing.teamId,
        serialNumber: ticket.id,
        organizationName: 'Kassa',
        description: t.wallet.description(first?.name ?? ticket.itemName),
        logoText: 'Kassa',
        backgroundColor: zinc900,
        foregroundColor: white,
        labelColor: zinc400,
        sharingProhibited: false,
        barcodes: [
          {
            message: ticket.code,
            format: 'PKBarcodeFormatQR',
            messageEncoding: 'iso-8859-1',
            altText: ticket.reference,
          },
        ],
        ...(first?.startsAt ? { relevantDate: first.startsAt } : {}),
        eventTicket: {
          primaryFields: [{ key: 'event', label: t.wallet.eventLabel, value: first?.name ?? ticket.itemName }],
          secondaryFields: [
            ...(first?.startsAt
              ? [{ key: 'date', label: t.wallet.dateLabel, value: formatEventTime(first, locale) }]
              : []),
          ],
          auxiliaryFields: [
            { key: 'item', label: t.wallet.itemLabel, value: ticket.itemName },
            { key: 'reference', label: t.referenceLabel, value: ticket.reference },
          ],
          backFields: [
            ...events.map((event, index) => ({
              key: `event-${index}`,
              label: event.name,
              value: [formatEventTime(event, locale), formatLocation(event)].filter(Boolean).join('\n'),
            })),
            { key: 'order', label: t.orderNumberLabel, value: payload.orderNumber },
            { key: 'position', label: t.wallet.ticketLabel, value: t.ticketOf(ticket.position, ticket.ofCount) },
            { key: 'link', label: t.wallet.linkLabel, value: ticketPageLink(siteUrl, locale, ticket) },
          ],
        },
      };
      const location = first ? formatLocation(first) : '';
      if (location)
        passJson.eventTicket.secondaryFields.push({ key: 'location', label: t.wallet.locationLabel, value: location });
      const pass = new PKPass({ 'pass.json': Buffer.from(JSON.stringify(passJson)), ...icons }, certificates);
      return pass.getAsBuffer();
    },
  };
}
