// A real SMTP server on a free local port: tests receive the mails the app sends.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpCapture {
  /** For SMTP_URL; the same after a restart. */
  readonly url: string;
  /** Every message received so far, parsed. */
  readonly messages: readonly ParsedMail[];
  /**
   * The first message to `to` (and `matching`, when given) not yet taken by an earlier call; waits up
   * to `timeoutMs` for it. One event may send a user two mails (a gift card and the order's receipt),
   * which arrive in either order: `matching` picks one.
   */
  nextMailTo(
    to: string,
    timeoutMs?: number,
    matching?: (mail: ParsedMail) => boolean,
  ): Promise<ParsedMail>;
  /** Stops listening (connections are refused) until `listen` is called again on the same port. */
  close(): Promise<void>;
  listen(): Promise<void>;
}

const recipients = (mail: ParsedMail): string[] =>
  [mail.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address ?? ''));

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: ParsedMail[] = [];
  const taken = new Set<ParsedMail>();
  const waiters = new Set<() => void>();

  const newServer = () =>
    new SMTPServer({
      authOptional: true,
      // Plain SMTP on localhost: no certificate to set up.
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // A close waits this long for mails being handed over (then answers them 421), not 30 s.
      closeTimeout: 1_000,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            messages.push(mail);
            for (const wake of waiters) wake();
            callback();
          })
          .catch(callback);
      },
    });
  const listenOn = async (server: SMTPServer, port: number): Promise<number> => {
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return (server.server.address() as AddressInfo).port;
  };
  let server = newServer();
  const port = await listenOn(server, 0);

  const findMail = (to: string, matching: (mail: ParsedMail) => boolean) =>
    messages.find((mail) => !taken.has(mail) && recipients(mail).includes(to) && matching(mail));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    nextMailTo(to, timeoutMs = 20_000, matching = () => true) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = findMail(to, matching);
          if (!mail) return;
          taken.add(mail);
          cleanUp();
          resolve(mail);
        };
        const timer = setTimeout(() => {
          cleanUp();
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanUp = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async listen() {
      server = newServer();
      await listenOn(server, port);
    },
  };
}
