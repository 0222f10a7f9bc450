import { FailedPreconditionError } from '@kassa/platform/errors';
import { changeStatus, createEmailMessage, isAwaitingSend, recordAttempt } from '../../src/domain/email-message';

const t0 = new Date('2026-11-02T10:00:00Z');
const t1 = new Date('2026-11-02T10:00:05Z');

function newMessage() {
  return createEmailMessage({
    id: 'msg_01jbx0000000000000000000aa',
    template: 'signin-code',
    recipient: 'jane@example.com',
    locale: 'en',
    subject: 'Your Kassa sign-in code: ******',
    subjectRef: 'sic_01jbx0000000000000000000aa',
    sealedPayload: 'sealed',
    now: t0,
  });
}

describe('EmailMessage', () => {
  it('starts in created, holding its sealed payload, with no attempts', () => {
    const message = newMessage();
    expect(message).toMatchObject({ status: 'created', sealedPayload: 'sealed', attempts: 0, createdAt: t0 });
    expect(isAwaitingSend(message)).toBe(true);
  });

  it('drops the sealed payload when it is sent and returns the history entry', () => {
    const message = newMessage();
    recordAttempt(message, t1);
    const change = changeStatus(message, 'send', t1, '250 OK');
    expect(change).toEqual({ status: 'send', occurredAt: t1, detail: '250 OK' });
    expect(message).toMatchObject({ status: 'send', sealedPayload: null, attempts: 1, updatedAt: t1 });
    expect(isAwaitingSend(message)).toBe(false);
  });

  it('drops the sealed payload when it is given up as notSent', () => {
    const message = newMessage();
    changeStatus(message, 'notSent', t1, 'connection refused');
    expect(message.sealedPayload).toBeNull();
  });

  it('refuses a transition the rules do not allow', () => {
    const message = newMessage();
    expect(() => changeStatus(message, 'delivery', t1)).toThrow(FailedPreconditionError);
    expect(message.status).toBe('created');
    changeStatus(message, 'send', t1);
    expect(() => changeStatus(message, 'notSent', t1)).toThrow('An e-mail in status send cannot become notSent');
  });
});
