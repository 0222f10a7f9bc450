import { createNamespace } from '@kassa/platform/config';
import { messagingTopology, subjects } from '../../src/events/subjects';

describe('subjects', () => {
  it('follow kassa.<service>.<entity>.<verb>', () => {
    expect(subjects.signInCodeRequested).toBe('kassa.identity.signin.code_requested');
    expect(subjects.emailStatusChanged).toBe('kassa.notifications.email.status_changed');
    expect(subjects.memberInvited).toBe('kassa.identity.member.invited');
    expect(subjects.orderRefunded).toBe('kassa.ordering.order.refunded');
  });

  it('live in KASSA_IDENTITY, KASSA_ORDERING and KASSA_NOTIFICATIONS in production', () => {
    expect(messagingTopology()).toMatchObject({
      identityStream: { name: 'KASSA_IDENTITY', subjects: ['kassa.identity.>'] },
      orderingStream: 'KASSA_ORDERING',
      notificationsStream: { name: 'KASSA_NOTIFICATIONS', subjects: ['kassa.notifications.>'] },
      subjects: {
        signInCodeRequested: subjects.signInCodeRequested,
        memberInvited: subjects.memberInvited,
        orderRefunded: subjects.orderRefunded,
        emailStatusChanged: subjects.emailStatusChanged,
      },
    });
  });

  it('can be isolated under a namespace so tests never overlap a live stream', () => {
    const topology = messagingTopology(createNamespace('tsigninab12cd34'));
    expect(topology.identityStream).toEqual({ name: 'KASSA_IDENTITY_TSIGNINAB12CD34', subjects: ['tsigninab12cd34.kassa.identity.>'] });
    expect(topology.notificationsStream.subjects).toEqual(['tsigninab12cd34.kassa.notifications.>']);
    expect(topology.subjects.signInCodeRequested).toBe('tsigninab12cd34.kassa.identity.signin.code_requested');
    expect(topology.subjects.emailStatusChanged).toBe('tsigninab12cd34.kassa.notifications.email.status_changed');
    expect(topology.subjects.memberInvited).toBe('tsigninab12cd34.kassa.identity.member.invited');
    expect(topology.orderingStream).toBe('KASSA_ORDERING_TSIGNINAB12CD34');
    expect(topology.subjects.orderRefunded).toBe('tsigninab12cd34.kassa.ordering.order.refunded');
  });
});
