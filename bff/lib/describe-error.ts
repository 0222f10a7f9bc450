// What the error page shows about a thrown value: a status code and, when there is one, its message.

export interface DescribedError {
  statusCode: number;
  message?: string;
}

export function describeError(error: unknown): DescribedError {
  const candidate = (typeof error === 'object' && error !== null ? error : {}) as {
    statusCode?: unknown;
    status?: unknown;
    message?: unknown;
    digest?: unknown;
  };
  const code = [candidate.statusCode, candidate.status].find(
    (value) => typeof value === 'number' && value >= 400 && value <= 599,
  );
  // In production a server error reaches the browser with a stock message and a digest: nothing worth showing.
  const redacted = typeof candidate.digest === 'string' && process.env.NODE_ENV === 'production';
  const message =
    !redacted && typeof candidate.message === 'string' && candidate.message.trim() !== ''
      ? candidate.message
      : undefined;
  return { statusCode: (code as number | undefined) ?? 500, message };
}
