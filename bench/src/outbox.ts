// The built server's mails, as its embedded file outbox keeps them (DATA_DIR/outbox/*.eml).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { paths } from '@pictura/contract';

const WAIT_MS = 10_000;

/** The verification link mailed to `email`; mails go out just after the answer, so this waits. */
export async function verificationLinkTo(dataDir: string, email: string): Promise<URL> {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files.filter((name) => name.endsWith('.eml'))) {
      const mail = await simpleParser(await readFile(join(outbox, file)));
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
      const href = new RegExp(`https?://\\S+${paths.verifyEmail}\\?\\S+`).exec(mail.text ?? '');
      if (to === email && href) return new URL(href[0]);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification mail to ${email} within ${WAIT_MS / 1000} s`);
}
