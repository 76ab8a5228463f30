// The CPU time a process has used, from Linux's /proc: a figure that, unlike latency, hardly
// moves when other work shares the machine, so changes can be compared on a busy machine too.
import { readFile } from 'node:fs/promises';

// What Linux counts /proc/<pid>/stat times in (USER_HZ): 100 on every common build.
const TICKS_PER_SECOND = 100;

/** User and system CPU milliseconds `pid` has used so far; undefined where /proc is missing. */
export async function processCpuMs(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  let stat: string;
  try {
    stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime: fields 14 and 15 of the line, 12 and 13 after the name and state.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
}
