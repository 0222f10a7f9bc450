import { createNamespace } from '../../src/config';

describe('createNamespace', () => {
  it('leaves every name as it is without a namespace', () => {
    const ns = createNamespace('');
    expect([
      ns.subject('kassa.identity.>'),
      ns.stream('KASSA_IDENTITY'),
      ns.durable('notifications-signin'),
      ns.queue('email-send'),
      ns.key('rl'),
    ]).toEqual(['kassa.identity.>', 'KASSA_IDENTITY', 'notifications-signin', 'email-send', 'rl']);
  });

  it('isolates subjects, streams, durables, queues and keys of a namespaced copy', () => {
    const ns = createNamespace('t1');
    expect([
      ns.subject('kassa.identity.>'),
      ns.stream('KASSA_IDENTITY'),
      ns.durable('notifications-signin'),
      ns.queue('email-send'),
      ns.key('rl'),
    ]).toEqual(['t1.kassa.identity.>', 'KASSA_IDENTITY_T1', 'notifications-signin-t1', 'email-send-t1', 't1:rl']);
  });

  it('refuses names that would break a subject or a queue name', () => {
    for (const bad of ['a.b', 'a:b', 'A', 'x'.repeat(33)]) expect(() => createNamespace(bad)).toThrow();
  });
});
