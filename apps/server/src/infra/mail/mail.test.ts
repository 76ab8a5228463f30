import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startSmtpCapture } from '../../test/smtp.js';
import { createMailer, createSmtpMailer, isPermanentMailRefusal, outboxDir } from './index.js';

const message = {
  to: 'ann@example.com',
  subject: 'Grüße from Pictura',
  text: 'Your code: ABCD2345',
  html: '<p>Your code: <strong>ABCD2345</strong></p>',
};

describe('mail adapters', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });
  const tempDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pictura-mail-'));
    dirs.push(dir);
    return dir;
  };

  it('writes each mail as an .eml file in DATA_DIR/outbox, with text and HTML parts', async () => {
    const config = loadConfig({ DATA_DIR: await tempDir(), MAIL_FROM: 'Shop <shop@example.com>' });
    const mailer = createMailer(config);

    await mailer.send(message);
    await mailer.send({ ...message, to: 'ben@example.com' });
    await mailer.close();

    const files = (await readdir(outboxDir(config))).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/);
    const file = join(outboxDir(config), files[0] ?? '');
    const mail = await simpleParser(await readFile(file));
    expect(mail.from?.value).toEqual([{ name: 'Shop', address: 'shop@example.com' }]);
    expect(mail.subject).toBe(message.subject);
    expect(mail.text?.trim()).toBe(message.text);
    expect(mail.html).toBe(message.html);
    // Mails carry reset codes: readable by the server's user only.
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('carries attachments, such as a receipt, in the .eml file and through SMTP alike', async () => {
    const attachment = {
      filename: 'pictura-receipt-7.pdf',
      contentType: 'application/pdf',
      content: Buffer.from('%PDF-1.3 receipt'),
    };
    const config = loadConfig({ DATA_DIR: await tempDir() });
    const fileMailer = createMailer(config);
    await fileMailer.send({ ...message, attachments: [attachment] });
    await fileMailer.close();
    const [file] = await readdir(outboxDir(config));
    const fromFile = await simpleParser(await readFile(join(outboxDir(config), file ?? '')));

    const smtp = await startSmtpCapture();
    const smtpMailer = createSmtpMailer({ url: smtp.url, from: 'Pictura <no-reply@localhost>' });
    try {
      await smtpMailer.send({ ...message, attachments: [attachment] });
      const fromSmtp = await smtp.nextMailTo(message.to);
      for (const mail of [fromFile, fromSmtp]) {
        expect(mail.text?.trim()).toBe(message.text);
        expect(mail.attachments).toHaveLength(1);
        expect(mail.attachments[0]).toMatchObject({
          filename: attachment.filename,
          contentType: attachment.contentType,
        });
        expect(mail.attachments[0]?.content.toString()).toBe('%PDF-1.3 receipt');
      }
    } finally {
      await smtpMailer.close();
      await smtp.close();
    }
  });

  it('sends through SMTP when SMTP_URL is set, and writes no file', async () => {
    const smtp = await startSmtpCapture();
    const dataDir = await tempDir();
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir, SMTP_URL: smtp.url }));
    try {
      await mailer.send(message);
      const mail = await smtp.nextMailTo('ann@example.com');

      expect(mail.subject).toBe(message.subject);
      expect(mail.text?.trim()).toBe(message.text);
      expect(mail.html).toBe(message.html);
      expect(mail.from?.value).toEqual([{ name: 'Pictura', address: 'no-reply@localhost' }]);
      await expect(readdir(join(dataDir, 'outbox'))).rejects.toThrow();
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });
});

describe('SMTP refusals', () => {
  /** A relay answering every DATA with `answer`, refusing recipients named unknown… for good (550). */
  async function startRelay(answer: number) {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('unknown')) {
          callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
        } else callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Try again later'), { responseCode: answer })),
        );
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    return {
      url: `smtp://127.0.0.1:${port}`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }
  const from = 'Pictura <no-reply@localhost>';

  /** What one attempt to send `to` through `url` fails with. */
  async function failureOf(url: string, to = message.to): Promise<unknown> {
    const mailer = createSmtpMailer({ url, from });
    try {
      await mailer.send({ ...message, to });
    } catch (err) {
      return err;
    } finally {
      await mailer.close();
    }
    throw new Error('the mail was accepted');
  }

  it('counts a "try again later" (4xx) and an unreachable relay as worth another try', async () => {
    const relay = await startRelay(451);
    try {
      const busy = await failureOf(relay.url);
      expect(busy).toMatchObject({ responseCode: 451 });
      expect(isPermanentMailRefusal(busy)).toBe(false);
    } finally {
      await relay.close();
    }
    const unreachable = await failureOf(relay.url);
    expect(unreachable).toMatchObject({ code: 'ESOCKET' });
    expect(isPermanentMailRefusal(unreachable)).toBe(false);
  });

  it('counts a refusal for good (5xx) as final', async () => {
    const relay = await startRelay(451);
    try {
      const refused = await failureOf(relay.url, 'unknown@example.com');
      expect(refused).toMatchObject({ responseCode: 550 });
      expect(isPermanentMailRefusal(refused)).toBe(true);
    } finally {
      await relay.close();
    }
  });
});
