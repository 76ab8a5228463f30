import type { AppConfig } from '../../config.js';
import type { Database } from '../db/index.js';
import { createMetricsRegistry } from './registry.js';
import { startMetricsServer, type MetricsServer } from './server.js';

interface ProcessLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The process's metrics endpoint when METRICS_PORT is set (main.ts and worker.ts); else none. */
export async function startProcessMetrics(
  config: AppConfig,
  database: Database,
  log: ProcessLogger,
): Promise<MetricsServer | undefined> {
  if (!config.metrics) return undefined;
  const server = await startMetricsServer({
    registry: createMetricsRegistry(database, log),
    host: config.metrics.host,
    port: config.metrics.port,
    log,
  });
  log.info({ host: config.metrics.host, port: server.port }, 'metrics are served at /metrics');
  return server;
}
