import { streamReplicas } from '../../src/messaging/ensure-stream';

describe('streamReplicas', () => {
  it('is 1 unless NATS_STREAM_REPLICAS says otherwise', () => {
    expect(streamReplicas({})).toBe(1);
    expect(streamReplicas({ NATS_STREAM_REPLICAS: '' })).toBe(1);
    expect(streamReplicas({ NATS_STREAM_REPLICAS: '3' })).toBe(3);
  });

  it('refuses what JetStream cannot have', () => {
    for (const value of ['0', '6', '2.5', 'three', '-1']) {
      expect(() => streamReplicas({ NATS_STREAM_REPLICAS: value })).toThrow(
        `NATS_STREAM_REPLICAS must be 1 to 5, got "${value}"`,
      );
    }
  });
});
