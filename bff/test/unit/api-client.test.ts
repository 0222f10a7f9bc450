// The browser's API client against a real HTTP server on loopback: answers, a server that never answers, and no
// server at all. Node's fetch is the browser's (undici implements the same Fetch standard, AbortSignal.timeout too).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callApi } from '../../lib/api-client';

describe('callApi', () => {
  let server: Server;
  let base: string;
  /** Requests the server got, by method and path. */
  let received: string[];
  /** How many requests to each path are left unanswered (hung) before it answers. */
  let hangFirst: Record<string, number>;
  const hung: ServerResponse[] = [];

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const path = request.url ?? '';
      received.push(`${request.method} ${path}`);
      request.resume();
      if ((hangFirst[path] ?? 0) > 0) {
        hangFirst[path]!--;
        hung.push(response);
        return;
      }
      if (path === '/bad') {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: 'Name is required', fields: { name: 'Name is required' } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ path }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    received = [];
    hangFirst = {};
  });
  afterAll(async () => {
    for (const response of hung) response.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers with the data, or with the status, message and fields of a refusal', async () => {
    expect(await callApi('GET', `${base}/ok`)).toEqual({ ok: true, data: { path: '/ok' } });
    expect(await callApi('POST', `${base}/bad`, { name: '' })).toMatchObject({
      ok: false,
      status: 400,
      message: 'Name is required',
      fields: { name: 'Name is required' },
    });
  });

  it('gives up on a write that gets no answer in time, as a timeout, and does not send it again', async () => {
    hangFirst['/write'] = 1;
    const result = await callApi('POST', `${base}/write`, { a: 1 }, 200);
    expect(result).toEqual({ ok: false, status: 0, message: '', fields: {}, timedOut: true });
    expect(received).toEqual(['POST /write']);
  });

  it('sends a read once more after a timeout (safe to repeat), and answers with the second answer', async () => {
    hangFirst['/read'] = 1;
    expect(await callApi('GET', `${base}/read`, undefined, 200)).toEqual({ ok: true, data: { path: '/read' } });
    expect(received).toEqual(['GET /read', 'GET /read']);
  });

  it('says timed out when the read never gets an answer, after two tries', async () => {
    hangFirst['/never'] = 2;
    expect(await callApi('GET', `${base}/never`, undefined, 200)).toMatchObject({ status: 0, timedOut: true });
    expect(received).toEqual(['GET /never', 'GET /never']);
  });

  it('tells no connection from a timeout', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await callApi('POST', `http://127.0.0.1:${port}/x`, {}, 200);
    expect(result).toEqual({ ok: false, status: 0, message: '', fields: {} });
  });
});
