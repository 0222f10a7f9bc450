import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { GrpcCallError } from '@kassa/platform/grpc';
import { errorToHttp, mapGrpcFailure } from '../../server/clients/grpc-errors';

const failure = (
  code: number,
  extra: Partial<{ details: string; violations: { field: string; message: string }[]; retryAfterSeconds: number }> = {},
) => ({
  code,
  details: extra.details ?? '',
  violations: extra.violations ?? [],
  retryAfterSeconds: extra.retryAfterSeconds,
});

describe('mapGrpcFailure', () => {
  it('turns INVALID_ARGUMENT into 400 with the violations as fields (JSON names)', () => {
    const mapped = mapGrpcFailure(
      failure(status.INVALID_ARGUMENT, {
        violations: [
          { field: 'email', message: 'Email is invalid' },
          { field: 'display_name', message: 'Name is too long' },
          { field: 'email', message: 'Email is too long' },
        ],
      }),
    );
    expect(mapped).toEqual({
      status: 400,
      body: {
        message: 'Some fields are not valid. Please check the form and try again.',
        fields: { email: 'Email is invalid', displayName: 'Name is too long' },
      },
      headers: {},
    });
  });

  it('says "Code is invalid" for UNAUTHENTICATED when verifying a code', () => {
    expect(mapGrpcFailure(failure(status.UNAUTHENTICATED), { unauthenticatedMessage: 'Code is invalid' })).toEqual({
      status: 401,
      body: { message: 'Code is invalid' },
      headers: {},
    });
    expect(mapGrpcFailure(failure(status.UNAUTHENTICATED)).status).toBe(401);
  });

  it('answers RESOURCE_EXHAUSTED with 429 and Retry-After', () => {
    const mapped = mapGrpcFailure(failure(status.RESOURCE_EXHAUSTED, { retryAfterSeconds: 42 }));
    expect(mapped.status).toBe(429);
    expect(mapped.headers).toEqual({ 'Retry-After': '42' });
    expect(mapped.body.retryAfterSeconds).toBe(42);
    expect(mapGrpcFailure(failure(status.RESOURCE_EXHAUSTED)).headers).toEqual({});
  });

  it.each([
    [status.NOT_FOUND, 404],
    [status.PERMISSION_DENIED, 403],
    [status.ALREADY_EXISTS, 409],
    [status.FAILED_PRECONDITION, 409],
    [status.UNAVAILABLE, 503],
    [status.DEADLINE_EXCEEDED, 503],
    [status.INTERNAL, 500],
    [status.UNKNOWN, 500],
    [status.DATA_LOSS, 500],
  ])('maps gRPC status %s to HTTP %s', (code, httpStatus) => {
    expect(mapGrpcFailure(failure(code)).status).toBe(httpStatus);
  });

  it('never passes INTERNAL details to the browser', () => {
    expect(mapGrpcFailure(failure(status.INTERNAL, { details: 'relation "users" does not exist' })).body).toEqual({
      message: 'Something went wrong. Please try again later.',
    });
  });
});

describe('errorToHttp', () => {
  it('maps a GrpcCallError from the platform client', () => {
    const metadata = new Metadata();
    metadata.set('retry-after', '7');
    const serviceError = Object.assign(new Error('8 RESOURCE_EXHAUSTED: slow down'), {
      code: status.RESOURCE_EXHAUSTED,
      details: 'slow down',
      metadata,
    }) as ServiceError;
    const mapped = errorToHttp(new GrpcCallError(serviceError, '/kassa.identity.v1.IdentityService/RequestSignInCode'));
    expect(mapped.status).toBe(429);
    expect(mapped.headers['Retry-After']).toBe('7');
  });

  it('maps anything else to a generic 500', () => {
    expect(errorToHttp(new TypeError('x is undefined'))).toEqual({
      status: 500,
      body: { message: 'Something went wrong. Please try again later.' },
      headers: {},
    });
  });
});
