// `npm run verify`'s abuse section, its discount-code part. A guesser asks the price quote (or the checkout) about
// code after code: only codes that do not apply count, 20 per client address and shop in ten minutes, and then every
// code is answered 429 before ordering is asked. Through the shared stack's BFF and its real Redis.
//
// The counts can go wrong: the same loop counts every quote answered with a verdict, so a missing or broken guard
// shows as more than 20; and quotes without a code must still be answered after the block (the guard is not a wall).
import { randomUUID } from 'node:crypto';
import { mustBeAtMost, mustEqual, recordFigures } from '../figures';
import { signUpViaApi, testAddress } from '@kassa/testing/accounts';
import { ApiSession } from '@kassa/testing/api';
import { openShopWithOneEvent } from '@kassa/testing/sales';
import { stackInfo } from '@kassa/testing/stack-info';

const SECTION = 'abuse';
const stack = stackInfo();
const GUESSES = 30;

it('answers at most 20 unknown codes per address and shop in ten minutes, then 429, while quotes without a code go on', async () => {
  const owner = await signUpViaApi(stack.bffUrl, stack.mailInboxUrl, testAddress('code-guess-owner'));
  const shop = await openShopWithOneEvent(owner, stack, {
    name: `Code guessing ${randomUUID().slice(0, 6)}`,
    capacity: 20,
    priceMinor: 1_500,
  });
  const guesser = new ApiSession(stack.bffUrl);
  const quote = (discountCode: string) =>
    guesser.call('POST', `/api/shops/${shop.shopId}/price`, {
      lines: [{ itemId: shop.itemId, quantity: 1 }],
      discountCode,
      donationMinor: 0,
    });

  const statuses: number[] = [];
  for (let guess = 0; guess < GUESSES; guess++)
    statuses.push((await quote(`GUESS${guess}X${randomUUID().slice(0, 4)}`)).status);
  const answered = statuses.filter((code) => code === 200).length;
  const limited = statuses.filter((code) => code === 429).length;
  const withoutCode = (await quote('')).status;

  recordFigures(SECTION, [
    mustBeAtMost(
      SECTION,
      'discount codes: unknown codes answered per address and shop in ten minutes',
      answered,
      20,
      `${GUESSES} guesses on the price quote, each answer's status counted`,
    ),
    mustEqual(SECTION, 'discount codes: guesses past the budget answered 429', limited, GUESSES - 20),
    mustEqual(
      SECTION,
      'discount codes: a quote without a code answered after the block',
      withoutCode === 200 ? 1 : 0,
      1,
    ),
  ]);
  expect(statuses.slice(0, 20)).toEqual(Array.from({ length: 20 }, () => 200));
  expect(statuses.slice(20)).toEqual(Array.from({ length: GUESSES - 20 }, () => 429));
  expect(withoutCode).toBe(200);
}, 180_000);
