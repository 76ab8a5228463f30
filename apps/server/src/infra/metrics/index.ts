// Prometheus metrics of a process (docs/operations/backup-and-metrics.md#metrics): served on
// METRICS_PORT.
export { httpRequestDuration, jobDuration, pageRenderCache } from './instruments.js';
export { createMetricsRegistry } from './registry.js';
export { startMetricsServer, type MetricsServer } from './server.js';
export { startProcessMetrics } from './start.js';
