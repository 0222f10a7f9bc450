// The closed vocabularies written in the proto comments ("draft", "live", "ended" or "deleted") are a promise to every
// caller; the words live once, in @kassa/contracts or, for a vocabulary only one service speaks, in its domain. This
// reads every field's comment, finds each list of quoted words it states, and holds it to the list behind it: a word
// added, renamed or dropped on one side only fails here, and so does a new list in a comment that no list stands
// behind. A comment may name part of a vocabulary only where this file says which part and why.
import { LOCALES } from '@kassa/contracts/locales';
import { PRESET_KEYS } from '@kassa/contracts/permissions';
import {
  AVAILABILITY_STATUSES,
  EVENT_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  REFUND_REASONS,
  SHOP_STATUSES,
  SHOP_WINDOWS,
  TICKET_STATUSES,
} from '@kassa/contracts/statuses';
import { DISCOUNT_TYPES } from '../../../../services/catalog/src/domain/discount-code-fields';
import { REFUND_STATUSES } from '../../../../services/ordering/src/domain/refund';
import { DEMO_ACTIONS } from '../../../../services/payments/src/domain/provider-event';
import { PAYMENT_PLANS, PROVIDER_STATES } from '../../../../services/payments/src/domain/payment-settings';
import { PAYMENT_PROVIDER_NAMES } from '../../../../services/payments/src/providers/payment-provider';
import { SCAN_RESULTS } from '../../../../services/ticketing/src/domain/scan-decision';
import { LINK_REVOCATION_REASONS } from '../../../../services/ticketing/src/domain/scan-link';
import { VOID_REASONS } from '../../../../services/ticketing/src/domain/ticket-status';
import { type ProtoFieldComment, protoFieldComments } from '../../proto-comments';

/** The quoted words of the first list a comment states (`"a", "b" or "c"`, each word perhaps explained in brackets). */
export function wordsOf(comment: string): string[] | undefined {
  const word = '"[^"]+"(?:\\s*\\([^)]*\\))?';
  const list = new RegExp(`${word}(?:,\\s*${word})*\\s+or\\s+${word}`).exec(comment);
  if (!list) return undefined;
  const words = [...list[0].replace(/\([^)]*\)/g, '').matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
  // Id prefixes ("evt_…") and characters ("-" or "_") are no vocabulary.
  return words.every((one) => /^[a-z][a-z_ ]*$/.test(one)) ? words : undefined;
}

interface Vocabulary {
  words: readonly string[];
  /** Only these of the words, and why. */
  part?: { words: readonly string[]; why: string };
}

/** The list behind a field's words; undefined when none stands behind them (which fails the test). */
function vocabularyOf({ file, message, field }: ProtoFieldComment): Vocabulary | undefined {
  if (field.endsWith('locale')) return { words: LOCALES };
  const at = `${message}.${field}`;
  switch (`${file.split('/')[0]} ${at}`) {
    case 'catalog Event.status':
    case 'ticketing TicketEvent.status':
      return { words: EVENT_STATUSES };
    case 'catalog PublicEvent.status':
      return {
        words: EVENT_STATUSES,
        part: { words: ['live', 'ended'], why: 'guests see only live and ended events' },
      };
    case 'catalog Shop.status':
      return { words: SHOP_STATUSES };
    case 'catalog Shop.window':
      return { words: SHOP_WINDOWS };
    case 'catalog PublicShop.window':
    case 'ordering GetAvailabilityResponse.window':
    case 'ordering EventShop.window':
    case 'ordering DashboardShop.window':
      return {
        words: SHOP_WINDOWS,
        part: { words: ['upcoming', 'open'], why: 'a closed shop is not shown to guests' },
      };
    case 'catalog DiscountCode.type':
    case 'catalog DiscountCodeFields.type':
      return { words: DISCOUNT_TYPES };
    case 'identity PermissionPreset.key':
      return { words: PRESET_KEYS };
    case 'ordering GuestOrder.status':
      return { words: ORDER_STATUSES };
    case 'ordering OrderRefund.status':
      return { words: REFUND_STATUSES };
    case 'ordering OrderRefund.reason':
    case 'ordering RefundRequested.reason':
      return { words: REFUND_REASONS };
    case 'ordering ItemAvailability.status':
    case 'ordering EventShop.status':
      return { words: AVAILABILITY_STATUSES };
    case 'payments Payment.provider':
      return { words: PAYMENT_PROVIDER_NAMES };
    case 'payments Payment.status':
      return { words: PAYMENT_STATUSES };
    case 'payments CompleteDemoPaymentRequest.action':
      return { words: DEMO_ACTIONS };
    case 'payments PaymentProviderInfo.status':
      return { words: PROVIDER_STATES };
    case 'payments GetPaymentSettingsResponse.plan':
      return { words: PAYMENT_PLANS };
    case 'payments PaymentRefunded.status':
      return {
        words: REFUND_STATUSES,
        part: { words: ['succeeded', 'failed'], why: 'the event reports a refund once the provider has settled it' },
      };
    case 'ticketing ScanResponse.result':
      return { words: SCAN_RESULTS };
    case 'ticketing TicketsVoided.reason':
      return { words: VOID_REASONS };
    case 'ticketing ScanLink.revoked_reason':
      return { words: LINK_REVOCATION_REASONS };
    case 'ticketing Ticket.status':
    case 'ticketing OfflineTicket.status':
      return { words: TICKET_STATUSES };
  }
  return undefined;
}

const listed = protoFieldComments().flatMap((field) => {
  const words = wordsOf(field.comment);
  return words ? [{ ...field, words }] : [];
});

describe('closed vocabularies written in the proto comments', () => {
  it('finds the lists the comments state (the reader itself works)', () => {
    expect(wordsOf('"draft", "live", "ended" or "deleted".')).toEqual(['draft', 'live', 'ended', 'deleted']);
    expect(wordsOf('"valid" (admitted now), "canceled" (canceled or revoked) or "invalid".')).toEqual([
      'valid',
      'canceled',
      'invalid',
    ]);
    expect(wordsOf('The guest\'s language, "en" or "nl".')).toEqual(['en', 'nl']);
    expect(wordsOf('Required, "tko_…" of the organisation.')).toBeUndefined();
    expect(listed.length).toBeGreaterThan(30);
  });

  it('each has a list behind it', () => {
    expect(listed.filter((field) => !vocabularyOf(field)).map((field) => `${field.where}: ${field.comment}`)).toEqual(
      [],
    );
  });

  it.each(listed.map((field) => [field.where, field] as const))('%s says what the list is', (_where, field) => {
    const vocabulary = vocabularyOf(field)!;
    const expected = vocabulary.part?.words ?? vocabulary.words;
    expect(vocabulary.words).toEqual(expect.arrayContaining([...expected]));
    expect([...field.words].sort()).toEqual([...expected].sort());
  });
});
