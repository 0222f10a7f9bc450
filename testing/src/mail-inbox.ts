/**
 * The development mail inbox: an SMTP server that keeps every message in memory and a small web page
 * to read them. Services send to it through SMTP_URL=smtp://127.0.0.1:1025; open http://127.0.0.1:1080.
 *
 *   GET    /                     newest-first list (to, subject, time)
 *   GET    /messages/:id         one message: headers, HTML body (sandboxed iframe) and text part
 *   GET    /api/messages         JSON, newest first: [{ id, from, to, subject, text, html, date, kassaMessageId }] (?to= filters)
 *   DELETE /api/messages         empties the inbox
 *
 * Run: `npx tsx testing/src/mail-inbox.ts` (MAIL_INBOX_SMTP_PORT, MAIL_INBOX_HTTP_PORT). Loopback only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpSink, type SinkMessage } from '@kassa/platform/testing';

const HOST = '127.0.0.1';

export interface MailInboxOptions {
  smtpPort?: number;
  httpPort?: number;
}

export interface MailInbox {
  smtpPort: number;
  httpPort: number;
  stop(): Promise<void>;
}

/** One message as GET /api/messages lists it. */
export interface InboxEntry {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  date: string;
  /** notifications' id of the message (X-Kassa-Message-Id), empty for mail from elsewhere. */
  kassaMessageId: string;
}

export async function startMailInbox({ smtpPort = 1025, httpPort = 1080 }: MailInboxOptions = {}): Promise<MailInbox> {
  const sink = await startSmtpSink({ port: smtpPort });
  // Stable ids for messages as they arrive (array positions shift when the inbox is emptied).
  const ids = new WeakMap<SinkMessage, string>();
  let nextId = 1;
  const idOf = (message: SinkMessage): string => {
    let id = ids.get(message);
    if (!id) {
      id = String(nextId++);
      ids.set(message, id);
    }
    return id;
  };
  const entries = (): InboxEntry[] =>
    // Ids in arrival order (oldest first), then newest first for display.
    sink.messages
      .map((message) => ({
        id: idOf(message),
        from: message.from,
        to: message.to.join(', '),
        subject: message.subject,
        text: message.text,
        html: message.html,
        date: message.receivedAt.toISOString(),
        kassaMessageId: message.headers['x-kassa-message-id'] ?? '',
      }))
      .reverse();

  const server = createServer((request, response) => {
    try {
      route(request, response);
    } catch (error) {
      send(
        response,
        500,
        'text/plain; charset=utf-8',
        `Inbox error: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });

  function route(request: IncomingMessage, response: ServerResponse): void {
    // Loopback names only: a page on another site cannot reach this through DNS rebinding.
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(host))
      return send(response, 403, 'text/plain; charset=utf-8', 'Forbidden host');

    const url = new URL(request.url ?? '/', `http://${HOST}`);
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = request.method ?? 'GET';

    if (path === '/api/messages' && method === 'GET') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const list = to ? entries().filter((entry) => entry.to.split(', ').includes(to)) : entries();
      return send(response, 200, 'application/json; charset=utf-8', JSON.stringify(list));
    }
    if (path === '/api/messages' && method === 'DELETE') {
      sink.messages.splice(0);
      return send(response, 204, 'text/plain; charset=utf-8', '');
    }
    if (method !== 'GET') return send(response, 405, 'text/plain; charset=utf-8', 'Method not allowed');
    if (path === '/') return send(response, 200, 'text/html; charset=utf-8', listPage(entries()));

    const match = /^\/messages\/(\d+)(\/html)?$/.exec(path);
    const entry = match ? entries().find((candidate) => candidate.id === match[1]) : undefined;
    if (!match || !entry)
      return send(
        response,
        404,
        'text/html; charset=utf-8',
        page('Not found', '<p class="empty">No such message. <a href="/">Back to the inbox</a></p>'),
      );
    if (match[2]) {
      // The mail's own HTML, framed by the message page with `sandbox`: no scripts, no forms, no navigation.
      response.setHeader(
        'Content-Security-Policy',
        "sandbox; default-src 'none'; img-src data: cid:; style-src 'unsafe-inline'",
      );
      return send(
        response,
        200,
        'text/html; charset=utf-8',
        entry.html || '<p style="font-family:sans-serif;color:#71717a">(no HTML part)</p>',
      );
    }
    return send(response, 200, 'text/html; charset=utf-8', messagePage(entry));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(httpPort, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    smtpPort: sink.port,
    httpPort: (server.address() as AddressInfo).port,
    async stop() {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await sink.stop();
    },
  };
}

function send(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, {
    'Content-Type': contentType,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(body);
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const formatTime = (iso: string): string =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

function listPage(list: InboxEntry[]): string {
  const rows = list
    .map(
      (entry) => `
      <li>
        <a href="/messages/${entry.id}">
          <span class="to">${escapeHtml(entry.to)}</span>
          <span class="subject">${escapeHtml(entry.subject || '(no subject)')}</span>
          <time datetime="${entry.date}">${escapeHtml(formatTime(entry.date))}</time>
        </a>
      </li>`,
    )
    .join('');
  const body = `
    <header>
      <h1>Kassa mail inbox <span class="count">${list.length}</span></h1>
      <button type="button" id="clear" ${list.length ? '' : 'disabled'}>Empty inbox</button>
    </header>
    ${list.length ? `<ul class="list">${rows}</ul>` : '<p class="empty">No messages yet. Mail sent to this inbox shows up here.</p>'}
    <script>
      // Reload when mail arrives or the inbox is emptied elsewhere.
      const shown = ${JSON.stringify(list[0]?.id ?? '')};
      const count = ${list.length};
      setInterval(async () => {
        const list = await fetch('/api/messages').then((r) => r.json()).catch(() => null);
        if (list && (list.length !== count || (list[0]?.id ?? '') !== shown)) location.reload();
      }, 2000);
      document.getElementById('clear').addEventListener('click', async () => {
        await fetch('/api/messages', { method: 'DELETE' });
        location.reload();
      });
    </script>`;
  return page('Kassa mail inbox', body);
}

function messagePage(entry: InboxEntry): string {
  const body = `
    <p><a href="/">&larr; Inbox</a></p>
    <h1>${escapeHtml(entry.subject || '(no subject)')}</h1>
    <dl>
      <dt>From</dt><dd>${escapeHtml(entry.from)}</dd>
      <dt>To</dt><dd>${escapeHtml(entry.to)}</dd>
      <dt>Received</dt><dd><time datetime="${entry.date}">${escapeHtml(formatTime(entry.date))}</time></dd>
    </dl>
    <h2>HTML</h2>
    <iframe title="HTML body" sandbox src="/messages/${entry.id}/html"></iframe>
    <h2>Text</h2>
    <pre>${escapeHtml(entry.text || '(no text part)')}</pre>`;
  return page(entry.subject || 'Message', body);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light dark; --fg: #18181b; --muted: #71717a; --line: #e4e4e7; --bg: #fafafa; --card: #fff; --accent: #2563eb; }
  @media (prefers-color-scheme: dark) { :root { --fg: #f4f4f5; --muted: #a1a1aa; --line: #3f3f46; --bg: #18181b; --card: #27272a; --accent: #60a5fa; } }
  * { box-sizing: border-box; }
  body { margin: 0 auto; max-width: 960px; padding: 24px; font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: var(--fg); background: var(--bg); }
  a { color: var(--accent); }
  header { display: flex; align-items: center; justify-content: space-between; gap: 16px; }
  h1 { font-size: 22px; margin: 0 0 16px; }
  h2 { font-size: 15px; color: var(--muted); margin: 24px 0 8px; text-transform: uppercase; letter-spacing: .04em; }
  .count { display: inline-block; min-width: 28px; padding: 0 8px; border-radius: 999px; background: var(--line); font-size: 14px; text-align: center; vertical-align: middle; }
  button { font: inherit; padding: 6px 14px; border: 1px solid var(--line); border-radius: 6px; background: var(--card); color: var(--fg); cursor: pointer; }
  button:disabled { opacity: .5; cursor: default; }
  .list { list-style: none; margin: 0; padding: 0; border: 1px solid var(--line); border-radius: 8px; background: var(--card); overflow: hidden; }
  .list li + li { border-top: 1px solid var(--line); }
  .list a { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 2fr) auto; gap: 16px; padding: 12px 16px; color: inherit; text-decoration: none; }
  .list a:hover { background: var(--bg); }
  .to, .subject { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .subject { font-weight: 600; }
  time { color: var(--muted); font-size: 13px; white-space: nowrap; }
  .empty { color: var(--muted); padding: 32px 0; text-align: center; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
  dt { color: var(--muted); }
  dd { margin: 0; }
  iframe { width: 100%; height: 560px; border: 1px solid var(--line); border-radius: 8px; background: #fff; }
  pre { white-space: pre-wrap; word-break: break-word; padding: 16px; border: 1px solid var(--line); border-radius: 8px; background: var(--card); font-size: 13px; }
</style>
</head>
<body>
${body}
</body>
</html>`;
}

function portFromEnv(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${name} must be a port number, got "${value}"`);
  return port;
}

if (require.main === module) {
  startMailInbox({
    smtpPort: portFromEnv('MAIL_INBOX_SMTP_PORT', 1025),
    httpPort: portFromEnv('MAIL_INBOX_HTTP_PORT', 1080),
  })
    .then((inbox) => {
      console.log(`Mail inbox: SMTP on ${HOST}:${inbox.smtpPort}, web on http://${HOST}:${inbox.httpPort}`);
      const stop = (): void => {
        inbox.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    })
    .catch((error: unknown) => {
      console.error('Mail inbox failed to start:', error);
      process.exit(1);
    });
}
