// A TCP proxy between a server process and PostgreSQL, for fault tests: it
// forwards until told to fail the network in one of the two ways a database goes away.
import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';

/**
 * - `refuse`: open connections are reset and new ones are reset at once, as when PostgreSQL is
 *   down or restarting: clients learn of it immediately.
 * - `blackhole`: open connections fall silent and new ones are accepted but never answered, as in a
 *   network partition: without timeouts of its own a client waits forever.
 */
export type FaultMode = 'refuse' | 'blackhole';

export interface TcpProxy {
  /** Where clients connect instead of the target. */
  readonly port: number;
  /** Connections accepted so far (forwarded or not). */
  readonly connections: number;
  cut(mode: FaultMode): void;
  /** Forwards again; connections kept silent by a blackhole are reset, as a partition's would time out. */
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let fault: FaultMode | undefined;
  let connections = 0;
  /** Every socket of every connection, both sides, so that a fault reaches all of them. */
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    // A reset is what this proxy is for: its sockets' errors are expected, not failures.
    socket.on('error', () => undefined);
  };
  const resetAll = () => {
    for (const socket of open) socket.resetAndDestroy();
  };

  const server = createServer((client) => {
    connections += 1;
    track(client);
    if (fault === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    if (fault === 'blackhole') {
      client.resume(); // read and drop what it sends, as a lost network would
      return;
    }
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    // One side gone takes the other with it, as a real connection would.
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');

  return {
    port: address.port,
    get connections() {
      return connections;
    },
    cut(mode) {
      fault = mode;
      if (mode === 'refuse') {
        resetAll();
        return;
      }
      // Silence without closing: unpiped, the bytes each side sends are read and dropped.
      for (const socket of open) {
        socket.unpipe();
        socket.removeAllListeners('data');
        socket.resume();
      }
    },
    restore() {
      if (fault === 'blackhole') resetAll();
      fault = undefined;
    },
    async close() {
      resetAll();
      server.close();
      await once(server, 'close');
    },
  };
}
