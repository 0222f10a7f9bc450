// A bare HTTP/1.1 request with exactly the headers given: fetch() will not send a Host of our choosing, nor one
// header twice. Spoofed requests need both.
import { request } from 'node:http';

export type RawHeaders = Record<string, string | string[]>;

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function rawRequest(
  url: string,
  method: string,
  headers: RawHeaders,
  body?: string,
  timeoutMs = 30_000,
): Promise<RawAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${method} ${url} took longer than ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
