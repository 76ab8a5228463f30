import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startSmtpCapture } from '../../test/smtp.js';
import { createMailer, createSmtpMailer, outboxDir } from './index.js';

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

describe('SMTP mailer when the relay fails', () => {
  /**
   * A relay answering each attempt's DATA with the next code of `answers` ('ok' accepts; the last
   * one repeats), refusing recipients named unknown… for good (550), counting the attempts at DATA.
   */
  async function startRelay(answers: readonly (number | 'ok')[]) {
    let attempts = 0;
    const delivered: string[] = [];
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
        const answer = answers[Math.min(attempts, answers.length - 1)];
        attempts += 1;
        stream.resume();
        stream.on('end', () => {
          if (answer === 'ok') {
            delivered.push('mail');
            callback();
          } else callback(Object.assign(new Error('Try again later'), { responseCode: answer }));
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    return {
      url: `smtp://127.0.0.1:${port}`,
      attempts: () => attempts,
      delivered,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }
  const from = 'Pictura <no-reply@localhost>';
  const retryDelaysMs = [10, 10];

  it('sends a mail again after a "try again later" answer (4xx), and it arrives once', async () => {
    const relay = await startRelay([421, 451, 'ok']);
    const mailer = createSmtpMailer({ url: relay.url, from, retryDelaysMs });
    try {
      await mailer.send(message);

      expect(relay.attempts()).toBe(3);
      expect(relay.delivered).toHaveLength(1);
    } finally {
      await mailer.close();
      await relay.close();
    }
  });

  it('gives up after its retries when the relay keeps answering 4xx', async () => {
    const relay = await startRelay([451]);
    const mailer = createSmtpMailer({ url: relay.url, from, retryDelaysMs });
    try {
      await expect(mailer.send(message)).rejects.toMatchObject({ responseCode: 451 });
      expect(relay.attempts()).toBe(3);
    } finally {
      await mailer.close();
      await relay.close();
    }
  });

  it('does not repeat a mail the relay refused for good (5xx)', async () => {
    const relay = await startRelay(['ok']);
    const mailer = createSmtpMailer({ url: relay.url, from, retryDelaysMs: [10_000] });
    try {
      const started = Date.now();
      await expect(mailer.send({ ...message, to: 'unknown@example.com' })).rejects.toMatchObject({
        responseCode: 550,
      });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(relay.delivered).toEqual([]);
    } finally {
      await mailer.close();
      await relay.close();
    }
  });

  it('tries again when the relay cannot be reached, and stops waiting once the mailer closes', async () => {
    const relay = await startRelay(['ok']);
    await relay.close();
    const mailer = createSmtpMailer({ url: relay.url, from, retryDelaysMs: [60_000] });

    const sending = mailer.send(message);
    let settled = false;
    sending.catch(() => undefined).finally(() => (settled = true));
    // The first attempt fails at once (connection refused); the mail then waits for its retry.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    const started = Date.now();
    await mailer.close();

    await expect(sending).rejects.toMatchObject({ code: 'ESOCKET' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
