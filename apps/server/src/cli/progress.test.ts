import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { progressReport } from './progress.js';

/** A stream that is not a terminal (a log file, a pipe), keeping what is written. */
function captured(): { stream: NodeJS.WriteStream; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  return { stream, text: () => chunks.join('') };
}

describe('progress report', () => {
  it('writes plain lines, at most one per tenth of the work, when stdout is not a terminal', () => {
    const { stream, text } = captured();
    const report = progressReport('Updating picture files', stream);

    for (let done = 0; done <= 40; done += 1) report.update(done, 40);
    report.stop();

    const lines = text().trimEnd().split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('Updating picture files: 0/40');
    expect(lines.at(-1)).toBe('Updating picture files: 40/40');
    expect(text()).not.toContain('\u001b');
  });
});
