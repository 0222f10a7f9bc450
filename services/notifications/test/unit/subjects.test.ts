import { createNamespace } from '@kassa/platform/config';
import {
  IDENTITY_STREAM,
  NOTIFICATIONS_STREAM,
  ORDERING_STREAM,
  subjects,
  TICKETING_STREAM,
} from '../../src/events/subjects';

describe('subjects', () => {
  it('follow kassa.<service>.<entity>.<verb>', () => {
    expect(subjects.signInCodeRequested).toBe('kassa.identity.signin.code_requested');
    expect(subjects.emailStatusChanged).toBe('kassa.notifications.email.status_changed');
    expect(subjects.memberInvited).toBe('kassa.identity.member.invited');
    expect(subjects.orderRefunded).toBe('kassa.ordering.order.refunded');
    expect(subjects.orderPaymentFailed).toBe('kassa.ordering.order.payment_failed');
    expect(subjects.orderExpired).toBe('kassa.ordering.order.expired');
    expect(subjects.orderCanceled).toBe('kassa.ordering.order.canceled');
    expect(subjects.ticketsIssued).toBe('kassa.ticketing.tickets.issued');
    expect(subjects.ticketsVoided).toBe('kassa.ticketing.tickets.voided');
  });

  it('live in KASSA_IDENTITY, KASSA_ORDERING, KASSA_TICKETING and KASSA_NOTIFICATIONS in production', () => {
    const production = createNamespace();
    expect(production.stream(IDENTITY_STREAM)).toBe('KASSA_IDENTITY');
    expect(production.stream(ORDERING_STREAM)).toBe('KASSA_ORDERING');
    expect(production.stream(TICKETING_STREAM)).toBe('KASSA_TICKETING');
    expect(NOTIFICATIONS_STREAM).toEqual({ name: 'KASSA_NOTIFICATIONS', subjects: ['kassa.notifications.>'] });
    expect(Object.values(subjects).map(production.subject)).toEqual(Object.values(subjects));
    // Every subject we publish is in our own stream.
    expect(subjects.emailStatusChanged.startsWith(NOTIFICATIONS_STREAM.subjects[0].slice(0, -1))).toBe(true);
  });

  it('can be isolated under a namespace so tests never overlap a live stream', () => {
    const namespace = createNamespace('tsigninab12cd34');
    expect(namespace.stream(IDENTITY_STREAM)).toBe('KASSA_IDENTITY_TSIGNINAB12CD34');
    expect(NOTIFICATIONS_STREAM.subjects.map(namespace.subject)).toEqual(['tsigninab12cd34.kassa.notifications.>']);
    expect(namespace.subject(subjects.signInCodeRequested)).toBe(
      'tsigninab12cd34.kassa.identity.signin.code_requested',
    );
    expect(namespace.subject(subjects.emailStatusChanged)).toBe(
      'tsigninab12cd34.kassa.notifications.email.status_changed',
    );
    expect(namespace.subject(subjects.memberInvited)).toBe('tsigninab12cd34.kassa.identity.member.invited');
    expect(namespace.stream(ORDERING_STREAM)).toBe('KASSA_ORDERING_TSIGNINAB12CD34');
    expect(namespace.subject(subjects.orderRefunded)).toBe('tsigninab12cd34.kassa.ordering.order.refunded');
    expect(namespace.stream(TICKETING_STREAM)).toBe('KASSA_TICKETING_TSIGNINAB12CD34');
    expect(namespace.subject(subjects.ticketsIssued)).toBe('tsigninab12cd34.kassa.ticketing.tickets.issued');
    expect(namespace.subject(subjects.ticketsVoided)).toBe('tsigninab12cd34.kassa.ticketing.tickets.voided');
  });
});
