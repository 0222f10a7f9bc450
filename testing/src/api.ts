/** Applies an answer's Set-Cookie headers to a cookie jar, as a browser does (an empty or max-age=0 cookie is removed). */
export function keepSetCookies(jar: Map<string, string>, headers: Headers): void {
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(';');
    const index = pair!.indexOf('=');
    const name = pair!.slice(0, index).trim();
    const value = pair!.slice(index + 1).trim();
    if (value === '' || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

/** A tiny cookie-keeping HTTP client for the BFF's API, as a browser would use it (same-origin requests). */
export class ApiSession {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: unknown; headers: Headers }> {
    const cookieHeader = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        origin: this.baseUrl,
        'sec-fetch-site': 'same-origin',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    keepSetCookies(this.cookies, response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON; keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }
}
