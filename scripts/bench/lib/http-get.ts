import { type Agent, get } from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET over the given agent, reading the whole body (a load driver must pay for the bytes, not just the headers). */
export function httpGet(url: string, agent?: Agent): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

/** GET that fails unless the answer is 200: a benchmark call that errs must fail the run. */
export async function httpGetOk(url: string, agent?: Agent): Promise<HttpAnswer> {
  const answer = await httpGet(url, agent);
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
  return answer;
}
