import nodemailer from 'nodemailer';
import { startSmtpSink, type SmtpSink } from '../../src/testing';

describe('SMTP sink', () => {
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink({ port: 0 });
  });
  afterAll(async () => {
    await sink.stop();
  });

  const transport = () =>
    nodemailer.createTransport({ host: '127.0.0.1', port: sink.port, secure: false, ignoreTLS: true });

  it('receives a message sent with nodemailer and parses it', async () => {
    expect(sink.port).toBeGreaterThan(0);
    const mailer = transport();
    const waiting = sink.waitForMessage((m) => m.to.includes('jane@example.com'), 5000);
    await mailer.sendMail({
      from: 'Kassa <no-reply@kassa.test>',
      to: 'Jane@Example.com',
      subject: 'Your sign-in code',
      text: 'Your code is 123456',
      html: '<p>Your code is <strong>123456</strong></p>',
      headers: { 'X-Kassa-Message-Id': 'msg_01' },
      attachments: [{ filename: 'ticket.txt', content: 'TICKET' }],
    });
    const message = await waiting;
    mailer.close();
    expect(message).toMatchObject({
      to: ['jane@example.com'],
      from: 'no-reply@kassa.test',
      subject: 'Your sign-in code',
    });
    expect(message.text.trim()).toBe('Your code is 123456');
    expect(message.html).toContain('<strong>123456</strong>');
    expect(message.headers['x-kassa-message-id']).toBe('msg_01');
    expect(message.attachments).toEqual([
      expect.objectContaining({ filename: 'ticket.txt', content: Buffer.from('TICKET') }),
    ]);
    expect(sink.messages).toContain(message);
  });

  it('resolves waitForMessage with an earlier message and rejects after the timeout otherwise', async () => {
    const earlier = await sink.waitForMessage((m) => m.subject === 'Your sign-in code', 100);
    expect(earlier.subject).toBe('Your sign-in code');
    await expect(sink.waitForMessage((m) => m.subject === 'never sent', 100)).rejects.toThrow(
      /No matching e-mail within 100 ms/,
    );
  });
});
