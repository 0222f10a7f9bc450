import { readFileSync } from 'node:fs';
import type { NotificationsConfig } from '../config';
import { createWalletPassIssuer, type WalletPassIssuer, type WalletPassSigning } from './wallet-pass';

/**
 * Wallet signing from the configured PEM files, read once at start-up (a missing or unreadable file fails the start,
 * naming the variable); undefined when Wallet passes are not configured.
 */
export function loadWalletSigning(config: NotificationsConfig): WalletPassSigning | undefined {
  if (
    !config.WALLET_PASS_TYPE_ID ||
    !config.WALLET_TEAM_ID ||
    !config.WALLET_SIGNER_CERT ||
    !config.WALLET_SIGNER_KEY ||
    !config.WALLET_WWDR_CERT
  ) {
    return undefined;
  }
  const read = (variable: string, path: string): Buffer => {
    try {
      return readFileSync(path);
    } catch (error) {
      throw new Error(`${variable}: cannot read ${path} (${(error as Error).message})`, { cause: error });
    }
  };
  return {
    passTypeId: config.WALLET_PASS_TYPE_ID,
    teamId: config.WALLET_TEAM_ID,
    signerCert: read('WALLET_SIGNER_CERT', config.WALLET_SIGNER_CERT),
    signerKey: read('WALLET_SIGNER_KEY', config.WALLET_SIGNER_KEY),
    signerKeyPassphrase: config.WALLET_SIGNER_KEY_PASSPHRASE,
    wwdr: read('WALLET_WWDR_CERT', config.WALLET_WWDR_CERT),
  };
}

/**
 * The Wallet pass issuer, or undefined without Wallet configuration. It signs a probe pass at once, so that a wrong
 * key or passphrase fails the service's start instead of every confirmation.
 */
export function walletPassIssuer(config: NotificationsConfig): WalletPassIssuer | undefined {
  const signing = loadWalletSigning(config);
  if (!signing) return undefined;
  const issuer = createWalletPassIssuer(signing);
  try {
    issuer.pass(
      {
        orderId: 'ord_00000000000000000000000000',
        orderAccessKey: 'AAAAAAAAAAAAAAAAAAAAAA',
        orderNumber: 'PROB-E000',
        organisationId: 'org_00000000000000000000000000',
        currency: 'EUR',
        lines: [],
        subtotalMinor: 0,
        discountMinor: 0,
        discountCode: '',
        donationMinor: 0,
        feeMinor: 0,
        totalMinor: 0,
        tickets: [],
        events: [],
        issuedAt: new Date(0).toISOString(),
      },
      {
        id: 'tkt_00000000000000000000000000',
        accessKey: 'AAAAAAAAAAAAAAAAAAAAAA',
        reference: 'PROB-E000',
        code: 'probe',
        itemName: 'Probe',
        priceMinor: 0,
        eventIds: [],
        position: 1,
        ofCount: 1,
      },
      'en',
      config.PUBLIC_BASE_URL,
    );
  } catch (error) {
    throw new Error(
      `Apple Wallet passes cannot be signed with the configured WALLET_* files: ${(error as Error).message}`,
      { cause: error },
    );
  }
  return issuer;
}
