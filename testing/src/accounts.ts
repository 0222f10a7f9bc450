import { randomBytes } from 'node:crypto';
import { ApiSession } from './api';
import { codeFrom, waitForMessagesTo } from './mail';

export interface SignedInAccount {
  api: ApiSession;
  userId: string;
  email: string;
}

/** A unique address for one test run. */
export const testAddress = (label: string): string => `${label}-${randomBytes(4).toString('hex')}@example.test`;

/** Signs up (or in) through the BFF's own API, reading the code from the local mail inbox, as a browser would. */
export async function signUpViaApi(
  bffUrl: string,
  mailInboxUrl: string,
  email: string,
  displayName = '',
): Promise<SignedInAccount> {
  const api = new ApiSession(bffUrl);
  const before = (await waitForMessagesTo(mailInboxUrl, email, 0)).length;
  const requested = await api.call('POST', '/api/_auth/sign-in-code', {
    email,
    purpose: 'sign-up',
    locale: 'en',
    displayName,
  });
  if (requested.status !== 200)
    throw new Error(`sign-in code request answered ${requested.status}: ${JSON.stringify(requested.body)}`);
  const [latest] = await waitForMessagesTo(mailInboxUrl, email, before + 1);
  const verified = await api.call('POST', '/api/_auth/verify', { code: codeFrom(latest!) });
  if (verified.status !== 200)
    throw new Error(`verification answered ${verified.status}: ${JSON.stringify(verified.body)}`);
  const user = (verified.body as { user: { id: string } }).user;
  return { api, userId: user.id, email };
}
