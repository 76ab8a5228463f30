import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsServer {
  /** The port it listens on (the configured one, or the one the system chose for port 0). */
  readonly port: number;
  close(): Promise<void>;
}

interface MetricsServerLogger {
  error(details: object, message: string): void;
}

/**
 * Serves `registry` as Prometheus text at GET /metrics on a port of its own, apart from the shop's:
 * it is for the operator's scraper, never for visitors, so it listens on loopback unless
 * METRICS_HOST says otherwise, and answers nothing else.
 */
export async function startMetricsServer(options: {
  registry: Registry;
  host: string;
  port: number;
  log: MetricsServerLogger;
}): Promise<MetricsServer> {
  const { registry, log } = options;
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        log.error({ err }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
