import { setTimeout as sleep } from 'node:timers/promises';
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.js';

/**
 * Waits before the second and third attempt. Short on purpose: mails go out from background tasks
 * that a shutdown waits for (10 s of grace), and a relay that is down for longer needs its own queue
 * (docs/operations.md), not a process holding mails in memory.
 */
const SMTP_RETRY_DELAYS_MS: readonly number[] = [1_000, 4_000];

// nodemailer's defaults are 2 minutes to connect and 10 minutes of silence: a relay that accepts the
// connection and never answers would hold each mail's task, and the shutdown, that long.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** nodemailer's codes for a connection that failed or went silent (not a refusal by the server). */
const NETWORK_ERRORS = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS']);

/**
 * Worth another try: the relay could not be reached, or answered 4xx ("try again later", such as
 * 421 too busy). A 5xx (unknown recipient, refused login) fails the same way every time.
 */
function isTransient(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const { responseCode, code } = err as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  return typeof code === 'string' && NETWORK_ERRORS.has(code);
}

/** The production mailer: SMTP through nodemailer, configured by one URL (`smtp://user:pass@host:587`). */
export function createSmtpMailer(options: {
  url: string;
  from: string;
  retryDelaysMs?: readonly number[];
}): Mailer {
  const { url, from, retryDelaysMs = SMTP_RETRY_DELAYS_MS } = options;
  const transport = nodemailer.createTransport({ url, ...TIMEOUTS });
  // Once closing, a mail waiting for its next attempt gives up instead of holding the shutdown.
  const closing = new AbortController();

  return {
    async send(message: MailMessage): Promise<void> {
      for (let attempt = 0; ; attempt++) {
        try {
          await transport.sendMail({ ...message, from });
          return;
        } catch (err) {
          const delay = retryDelaysMs[attempt];
          if (delay === undefined || closing.signal.aborted || !isTransient(err)) throw err;
          await sleep(delay, undefined, { signal: closing.signal }).catch(() => {
            throw err;
          });
        }
      }
    },
    async close(): Promise<void> {
      if (closing.signal.aborted) return;
      closing.abort();
      transport.close();
    },
  };
}
