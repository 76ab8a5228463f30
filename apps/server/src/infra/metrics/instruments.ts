import { Counter, Histogram } from 'prom-client';

// The instruments code observes wherever it runs (HTTP hooks, the page renderer, the job workers).
// They belong to no registry of their own: each process's metrics registry (registry.ts) adds them,
// so that code deep in a module needs no registry handed down to it.

/** Seconds from a request's arrival to its answer, by route pattern (never the raw address). */
export const httpRequestDuration = new Histogram({
  name: 'pictura_http_request_duration_seconds',
  help: 'Time from a request to its answer, by route pattern, method and status code.',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [],
});

/** Server-rendered pages answered from the render cache (`hit`) or rendered afresh (`miss`). */
export const pageRenderCache = new Counter({
  name: 'pictura_page_render_cache_total',
  help: 'Server-rendered page answers, from the render cache (hit) or rendered afresh (miss).',
  labelNames: ['result'] as const,
  registers: [],
});

/**
 * Seconds one attempt of a job took in this process's workers, by queue and outcome. The
 * `generation` queue's are the image generations' durations.
 */
export const jobDuration = new Histogram({
  name: 'pictura_job_duration_seconds',
  help: 'Time one job attempt ran in a worker, by queue and outcome (completed or failed).',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
  registers: [],
});
