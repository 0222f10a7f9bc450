import { createServer, request as proxyRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A page as `next start` answered it once: the bytes the bare server serves, and the headers it copies. */
export interface PageSnapshot {
  path: string;
  body: Buffer;
  contentType: string;
}

export interface BareCopyServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * A bare node:http server answering each snapshot's path with exactly its bytes (content-type and content-length,
 * nothing computed per request). Any other path (/_next/static/…, the icon, client-side API calls) is proxied to
 * `next start`, so that a browser loading the copy gets the same scripts, styles and fonts: only the HTML differs
 * in who serves it.
 */
export async function startBareCopyServer(snapshots: PageSnapshot[], nextOrigin: string): Promise<BareCopyServer> {
  const pages = new Map(snapshots.map((page) => [page.path, page]));
  const upstream = new URL(nextOrigin);
  const server = createServer((request, response) => {
    const page = request.method === 'GET' ? pages.get(request.url ?? '') : undefined;
    if (!page) return proxy(request, response, upstream);
    response.writeHead(200, { 'content-type': page.contentType, 'content-length': page.body.length });
    response.end(page.body);
  });
  server.keepAliveTimeout = 60_000;
  // The same loopback name as next start (see next-server.ts), so both sides resolve to the same address.
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function proxy(request: IncomingMessage, response: ServerResponse, upstream: URL): void {
  const forwarded = proxyRequest(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, host: upstream.host },
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  forwarded.on('error', () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  request.pipe(forwarded);
}
