import type { TemplateName } from '../../src/domain/email-message';
import { emailKind, isFunnelConfirmation } from '../../src/metrics';

describe('emailKind', () => {
  it('labels each template by its name in snake_case', () => {
    const templates: TemplateName[] = [
      'signin-code',
      'waitlist-confirmation',
      'contact-message',
      'member-invitation',
      'order-refunded',
      'order-confirmation',
    ];
    expect(templates.map(emailKind)).toEqual([
      'signin_code',
      'waitlist_confirmation',
      'contact_message',
      'member_invitation',
      'order_refunded',
      'order_confirmation',
    ]);
  });
});

describe('isFunnelConfirmation', () => {
  it("is an order's own confirmation, not one sent again, nor any other mail", () => {
    expect(isFunnelConfirmation({ template: 'order-confirmation', purpose: 'confirmation' })).toBe(true);
    expect(isFunnelConfirmation({ template: 'order-confirmation', purpose: 'resend' })).toBe(false);
    expect(isFunnelConfirmation({ template: 'order-refunded', purpose: 'refund' })).toBe(false);
  });
});
