import { request as httpRequest } from 'node:http';
import nodemailer from 'nodemailer';
import { startMailInbox, type MailInbox } from '../../src/mail-inbox';

let inbox: MailInbox;

beforeAll(async () => {
  inbox = await startMailInbox({ smtpPort: 0, httpPort: 0 });
});

afterAll(async () => {
  await inbox?.stop();
});

const web = (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${inbox.httpPort}${path}`, init);

async function sendMail(to: string, subject: string, headers: Record<string, string> = {}): Promise<void> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: inbox.smtpPort, secure: false });
  await transport.sendMail({
    from: 'Kassa <no-reply@kassa.localhost>',
    to,
    subject,
    text: `Text of ${subject}`,
    html: `<p>HTML of <b>${subject}</b></p>`,
    headers,
  });
  transport.close();
}

it('lists received mail newest first, as JSON and as a page, and empties on DELETE', async () => {
  await sendMail('first@example.com', 'First <message>');
  await sendMail('second@example.com', 'Second', { 'X-Kassa-Message-Id': 'ema_second' });

  const list = (await (await web('/api/messages')).json()) as {
    id: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    date: string;
    kassaMessageId: string;
  }[];
  expect(list.map((m) => m.subject)).toEqual(['Second', 'First <message>']);
  // notifications' own id of each message, so that a test can tell one message sent twice from two messages.
  expect(list.map((m) => m.kassaMessageId)).toEqual(['ema_second', '']);
  expect(list[0]).toMatchObject({
    to: 'second@example.com',
    text: expect.stringContaining('Text of Second'),
    html: expect.stringContaining('<b>Second</b>'),
  });
  expect(new Date(list[0]!.date).getTime()).not.toBeNaN();

  const filtered = (await (await web('/api/messages?to=first@example.com')).json()) as { subject: string }[];
  expect(filtered.map((m) => m.subject)).toEqual(['First <message>']);

  const page = await (await web('/')).text();
  expect(page).toContain('First &lt;message&gt;');
  expect(page.indexOf('Second')).toBeLessThan(page.indexOf('First &lt;message&gt;'));

  const first = list[1]!;
  const detail = await (await web(`/messages/${first.id}`)).text();
  expect(detail).toContain(`<iframe title="HTML body" sandbox src="/messages/${first.id}/html">`);
  expect(detail).toContain('Text of First &lt;message&gt;');
  const body = await web(`/messages/${first.id}/html`);
  expect(body.headers.get('content-security-policy')).toContain('sandbox');
  expect(await body.text()).toContain('HTML of <b>First');

  expect((await web('/api/messages', { method: 'DELETE' })).status).toBe(204);
  expect(await (await web('/api/messages')).json()).toEqual([]);
  expect((await web(`/messages/${first.id}`)).status).toBe(404);
});

it('refuses requests that name a foreign host (DNS rebinding)', async () => {
  // fetch will not send a chosen Host header; node:http will.
  const statusCode = await new Promise<number | undefined>((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port: inbox.httpPort, path: '/api/messages', headers: { Host: 'evil.example' } },
      (response) => {
        response.resume();
        resolve(response.statusCode);
      },
    );
    request.on('error', reject);
    request.end();
  });
  expect(statusCode).toBe(403);
});
