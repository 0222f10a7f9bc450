import { canTransition, EMAIL_STATUSES, isEmailStatus, isFinalStatus } from '../../src/domain/email-status';

describe('e-mail delivery statuses', () => {
  it('knows the statuses of @kassa/contracts/statuses, created included', () => {
    expect(EMAIL_STATUSES).toContain('created');
    expect(isEmailStatus('send')).toBe(true);
    expect(isEmailStatus('sent')).toBe(false);
  });

  it.each([
    ['created', 'send'],
    ['created', 'notSent'],
    ['created', 'renderingFailure'],
    ['send', 'delivery'],
    ['send', 'bounce'],
    ['send', 'deliveryDelay'],
    ['deliveryDelay', 'delivery'],
    ['delivery', 'opened'],
    ['send', 'opened'],
    ['opened', 'click'],
    ['click', 'subscription'],
  ] as const)('allows %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it.each([
    ['created', 'delivery'],
    ['created', 'opened'],
    ['send', 'send'],
    ['send', 'notSent'],
    ['notSent', 'send'],
    ['bounce', 'delivery'],
    ['delivery', 'bounce'],
    ['delivery', 'send'],
    ['renderingFailure', 'send'],
  ] as const)('refuses %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });

  it('knows which statuses end a message', () => {
    expect(
      ['notSent', 'bounce', 'reject', 'complaint', 'renderingFailure', 'subscription'].every((s) =>
        isFinalStatus(s as never),
      ),
    ).toBe(true);
    expect(isFinalStatus('created')).toBe(false);
    expect(isFinalStatus('send')).toBe(false);
  });
});
