import { readFileSync } from 'node:fs';
import type { NotificationsConfig } from '../config';
import type { WalletPassSigning } from './wallet-pass';

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
