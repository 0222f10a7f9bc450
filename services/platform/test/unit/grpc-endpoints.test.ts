import { connectionsSettled } from '../../src/grpc/endpoints';

describe('when a client of several replicas may send its first calls', () => {
  it('waits while the target is not resolved yet or any connection is still being made', () => {
    expect(connectionsSettled([])).toBe(false);
    expect(connectionsSettled(['READY', 'CONNECTING'])).toBe(false);
    expect(connectionsSettled(['READY', 'IDLE'])).toBe(false);
  });

  it('goes once every replica is up or has failed', () => {
    expect(connectionsSettled(['READY', 'READY'])).toBe(true);
    expect(connectionsSettled(['READY', 'TRANSIENT_FAILURE'])).toBe(true);
    expect(connectionsSettled(['READY', 'SHUTDOWN', 'READY'])).toBe(true);
    // Every replica down: holding the calls would only make them fail later.
    expect(connectionsSettled(['TRANSIENT_FAILURE', 'TRANSIENT_FAILURE'])).toBe(true);
  });
});
