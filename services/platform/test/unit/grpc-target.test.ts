import { balancesCalls, grpcTarget } from '../../src/grpc/client';

describe('grpcTarget', () => {
  it('leaves one address, with or without a resolver scheme, as it is', () => {
    expect(grpcTarget('127.0.0.1:50053')).toBe('127.0.0.1:50053');
    expect(grpcTarget('kassa-ordering:50053')).toBe('kassa-ordering:50053');
    expect(grpcTarget('dns:///kassa-ordering:50053')).toBe('dns:///kassa-ordering:50053');
    expect(grpcTarget(' 127.0.0.1:50053 ')).toBe('127.0.0.1:50053');
  });

  it('turns a list of replicas into one static target of their family', () => {
    expect(grpcTarget('127.0.0.1:50053,127.0.0.1:50063')).toBe('ipv4:127.0.0.1:50053,127.0.0.1:50063');
    expect(grpcTarget('127.0.0.1:50053, 127.0.0.1:50063,')).toBe('ipv4:127.0.0.1:50053,127.0.0.1:50063');
    expect(grpcTarget('[::1]:50053,[::1]:50063')).toBe('ipv6:[::1]:50053,[::1]:50063');
  });

  it('refuses a list the static resolvers cannot take: host names or mixed families', () => {
    expect(() => grpcTarget('ordering-1:50053,ordering-2:50053')).toThrow('IP:port pairs of one family');
    expect(() => grpcTarget('127.0.0.1:50053,[::1]:50063')).toThrow('IP:port pairs of one family');
  });
});

describe('balancesCalls', () => {
  it('balances targets of several replicas (DNS of a headless Service, a static list), not one host:port', () => {
    expect(balancesCalls('dns:///kassa-ordering:50053')).toBe(true);
    expect(balancesCalls(grpcTarget('127.0.0.1:50053,127.0.0.1:50063'))).toBe(true);
    expect(balancesCalls(grpcTarget('127.0.0.1:50053'))).toBe(false);
    expect(balancesCalls('kassa-ordering:50053')).toBe(false);
  });
});
