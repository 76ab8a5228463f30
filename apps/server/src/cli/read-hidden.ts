import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';

/** Asks on the terminal without echoing what is typed (a password). */
export async function readHidden(question: string): Promise<string> {
  process.stdout.write(question);
  let muted = true;
  const silent = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const lines = createInterface({ input: process.stdin, output: silent, terminal: true });
  try {
    return await lines.question('');
  } finally {
    muted = false;
    lines.close();
    process.stdout.write('\n');
  }
}
