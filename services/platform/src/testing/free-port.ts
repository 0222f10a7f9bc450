import { createServer, type Server } from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on right now (free again once this resolves). */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

/**
 * Ports are taken below Linux's ephemeral range (32768–60999 by default): a port the OS hands out for `listen(0)`
 * comes from that range, which is also where every outgoing connection gets its local port, so one picked there
 * could be taken by a connection (to PostgreSQL, NATS, a service) before the process meant to listen on it starts.
 * CI saw that once: the BFF failed with EADDRINUSE on a port picked a minute before its build lock let it start.
 */
const LOWEST_PORT = 20_000;
const HIGHEST_PORT = 32_767;
/** Tries per port before giving up: nearly all of the range is free on a test machine. */
const TRIES = 200;

function listenOn(server: Server, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(false) : reject(error);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve(true);
    });
  });
}

/**
 * `count` different TCP ports on 127.0.0.1 that nothing listens on right now, outside the range outgoing connections
 * use. Each is held open until all are chosen: released one by one, the same port could be handed out twice in a
 * set, and two processes of one stack would then fight for it.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i++) {
      let bound: Server | undefined;
      for (let tries = 0; !bound && tries < TRIES; tries++) {
        const server = createServer();
        const port = LOWEST_PORT + Math.floor(Math.random() * (HIGHEST_PORT - LOWEST_PORT + 1));
        if (await listenOn(server, port)) bound = server;
      }
      if (!bound) throw new Error(`no free port between ${LOWEST_PORT} and ${HIGHEST_PORT} after ${TRIES} tries`);
      servers.push(bound);
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
