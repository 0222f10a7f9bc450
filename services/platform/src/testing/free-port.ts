import { createServer, type Server } from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on right now (the OS picks it; free again once this resolves). */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

/**
 * `count` different TCP ports on 127.0.0.1 that nothing listens on right now. Each is held open until all are
 * chosen: asked one after another, with each released before the next, the OS hands the same port out twice in
 * about one set of 17 in 50 (Node binds with SO_REUSEADDR), and two processes of one stack then fight for it.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
      });
    }
    return servers.map((server) => {
      const address = server.address();
      return typeof address === 'object' && address ? address.port : 0;
    });
  } finally {
    await Promise.all(
      servers.map(
        (server) => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())),
      ),
    );
  }
}
