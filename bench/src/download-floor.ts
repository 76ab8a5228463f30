// The floor of the download figure: a bare Node HTTP server, in a process of its own, streaming
// the same file with nothing else (no session, no database, no checks), measured by the same
// client at the same connections. On a 2-core machine the client and the loopback copy of a
// third of a megabyte dominate the latency, so the shop's p99 is read as a ratio to this floor.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../../apps/server/src/test/server-process.js';

const FLOOR_SERVER = `
import http from 'node:http';
import { createReadStream, statSync } from 'node:fs';
const [file, port] = process.argv.slice(1);
const size = statSync(file).size;
http
  .createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': size });
    createReadStream(file, { highWaterMark: 512 * 1024 }).pipe(response);
  })
  .listen(Number(port), () => console.log('listening'));
`;

/** p99 in ms of the bare server sending `bytes` at `connections`, after a 1 s warm-up. */
export async function floorP99(
  bytes: Uint8Array,
  options: { dir: string; connections: number; seconds: number },
): Promise<number> {
  const file = join(options.dir, 'floor.jpg');
  await writeFile(file, bytes);
  const port = await freePort();
  const server = spawn(
    process.execPath,
    ['--input-type=module', '-e', FLOOR_SERVER, file, String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(server, 'exit');
  try {
    const listening = await Promise.race([
      once(server.stdout, 'data').then(() => true),
      exited.then(() => false),
    ]);
    if (!listening) throw new Error('download floor: the bare file server did not start');
    const url = `http://127.0.0.1:${port}/`;
    await autocannon({ url, connections: options.connections, duration: 1 });
    const result = await autocannon({
      url,
      connections: options.connections,
      duration: options.seconds,
    });
    if (result.errors > 0 || result.non2xx > 0 || result.latency.p99 <= 0) {
      throw new Error(`download floor: ${result.errors} errors, ${result.non2xx} other answers`);
    }
    return result.latency.p99;
  } finally {
    if (server.exitCode === null) {
      server.kill();
      await exited;
    }
  }
}
