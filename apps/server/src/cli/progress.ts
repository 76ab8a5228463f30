import cliProgress from 'cli-progress';

export interface ProgressReport {
  update(done: number, total: number): void;
  stop(): void;
}

/**
 * Shows how far a long job is: a bar redrawn in place when stdout is a terminal, and plain lines
 * (at most one per tenth of the work) when it is a file or a pipe, where a redrawn bar would fill
 * a log with control characters.
 */
export function progressReport(
  label: string,
  stream: NodeJS.WriteStream = process.stdout,
): ProgressReport {
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: `${label} [{bar}] {value}/{total} ({percentage}%)`, stream, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update(done, total) {
        if (!started) bar.start(total, done);
        else bar.update(done);
        started = true;
      },
      stop: () => bar.stop(),
    };
  }
  let shownTenth = -1;
  return {
    update(done, total) {
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenth === shownTenth) return;
      shownTenth = tenth;
      stream.write(`${label}: ${done}/${total}\n`);
    },
    stop: () => undefined,
  };
}
