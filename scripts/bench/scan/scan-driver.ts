// A door phone's scan as the scanner page sends it through a scan link: POST /api/scan { secret, code, nonce,
// deviceId } from the BFF's own origin (Origin and Sec-Fetch-Site as a browser sends them, so CSRF passes as in
// production), one fresh nonce per scan.
import { randomUUID } from 'node:crypto';
import { type Agent, request } from 'node:http';

export type ScanResult = 'valid' | 'already_used' | 'canceled' | 'unpaid' | 'wrong_event' | 'invalid';

export interface ScanAnswer {
  status: number;
  body: {
    result?: ScanResult;
    checkedInByDevice?: string;
    ticket?: { reference: string; status: string } | null;
    message?: string;
  };
}

/** One phone at the door: its device id and the address the ingress would see it scan from. */
export interface Phone {
  deviceId: string;
  /** Sent as X-Forwarded-For (the BFF runs with TRUST_PROXY=1, as behind its ingress). */
  address: string;
}

/** `count` phones with their own device ids and addresses (10.77.x.y). */
export function phones(count: number, label: string): Phone[] {
  return Array.from({ length: count }, (_, index) => ({
    deviceId: `dev_bench${label}${index.toString().padStart(4, '0')}`,
    address: `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`,
  }));
}

export interface ScanTarget {
  /** http://127.0.0.1:<port>: the BFF, on loopback. */
  origin: string;
  /** The scan link's secret. */
  secret: string;
}

export function postScan(
  target: ScanTarget,
  phone: Phone,
  code: string,
  agent: Agent,
  nonce: string = randomUUID(),
  resent = false,
): Promise<ScanAnswer> {
  const payload = Buffer.from(JSON.stringify({ secret: target.secret, code, nonce, deviceId: phone.deviceId }));
  return new Promise((resolve, reject) => {
    const call = request(
      `${target.origin}/api/scan`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          origin: target.origin,
          'sec-fetch-site': 'same-origin',
          'x-forwarded-for': phone.address,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as ScanAnswer['body'] });
          } catch {
            reject(
              new Error(
                `POST /api/scan answered ${response.statusCode} with a body that is not JSON: ${text.slice(0, 200)}`,
              ),
            );
          }
        });
      },
    );
    call.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the BFF closed as idle just as this call reused it: Node's documented race. The scan is
      // sent again on a fresh socket with the same nonce, so ticketing answers it once whichever copy arrived.
      if (call.reusedSocket && error.code === 'ECONNRESET' && !resent)
        postScan(target, phone, code, agent, nonce, true).then(resolve, reject);
      else reject(error);
    });
    call.end(payload);
  });
}

/** A scan that must answer 200 with `expected`; anything else fails the run (a figure with errors in it is not one). */
export async function scanExpecting(
  target: ScanTarget,
  phone: Phone,
  code: string,
  expected: ScanResult,
  agent: Agent,
): Promise<ScanAnswer> {
  const answer = await postScan(target, phone, code, agent);
  if (answer.status !== 200 || answer.body.result !== expected)
    throw new Error(`a scan expected to be "${expected}" answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/** POST /api/scan/open: the scanner's first call; fails unless the link opens the event. */
export async function openScanner(target: ScanTarget, phone: Phone, eventId: string): Promise<void> {
  const response = await fetch(`${target.origin}/api/scan/open`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: target.origin,
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': phone.address,
    },
    body: JSON.stringify({ secret: target.secret, deviceId: phone.deviceId, locale: 'en' }),
  });
  const body = (await response.json()) as { event?: { id?: string } };
  if (response.status !== 200 || body.event?.id !== eventId)
    throw new Error(`POST /api/scan/open answered ${response.status} ${JSON.stringify(body)}`);
}
