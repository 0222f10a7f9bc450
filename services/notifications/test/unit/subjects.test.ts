import { createNamespace } from '@kassa/platform/config';
import { messagingTopology, subjects } from '../../src/events/subjects';

describe('subjects', () => {
  it('follow kassa.<service>.<entity>.<verb>', () => {
    expect(subjects.signInCodeRequested).toBe('kassa.identity.signin.code_requested');
    expect(subjects.emailStatusChanged).toBe('kassa.notifications.email.status_changed');
    expect(subjects.memberInvited).toBe('kassa.identity.member.invited');
    expect(subjects.orderRefunded).toBe('kassa.ordering.order.refunded');
    expect(subjects.ticketsIssued).toBe('kassa.ticketing.tickets.issued');
    expect(subjects.ticketsVoided).toBe('kassa.ticketing.tickets.voided');
  });

  it('live in KASSA_IDENTITY, KASSA_ORDERING, KASSA_TICKETING and KASSA_NOTIFICATIONS in production', () => {
    expect(messagingTopology()).toMatchObject({
      identityStream: { name: 'KASSA_IDENTITY', subjects: ['kassa.identity.>'] },
      orderingStream: 'KASSA_ORDERING',
      ticketingStream: 'KASSA_TICKETING',
      notificationsStream: { name: 'KASSA_NOTIFICATIONS', subjects: ['kassa.notifications.>'] },
      subjects: {
        signInCodeRequested: subjects.signInCodeRequested,
        memberInvited: subjects.memberInvited,
        orderRefunded: subjects.orderRefunded,
        emailStatusChanged: subjects.emailStatusChanged,
        ticketsIssued: subjects.ticketsIssued,
        ticketsVoided: subjects.ticketsVoided,
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
    expect(topology.ticketingStream).toBe('KASSA_TICKETING_TSIGNINAB12CD34');
    expect(topology.subjects.ticketsIssued).toBe('tsigninab12cd34.kassa.ticketing.tickets.issued');
    expect(topology.subjects.ticketsVoided).toBe('tsigninab12cd34.kassa.ticketing.tickets.voided');
  });
});
