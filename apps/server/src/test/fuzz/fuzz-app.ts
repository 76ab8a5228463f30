import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../app.js';
import { randomIp } from '../accounts.js';
import { buildTestApp } from '../app.js';
import { createTestDatabase, type TestDatabase } from '../database.js';
import { postRouteCollector, type PostRoute } from './post-routes.js';

// Thousands of requests from one client: every limit far above what a run sends, so that a 429
// never hides a validation answer.
const UNLIMITED = '1000000';
const FUZZ_ENV = {
  RATE_LIMIT_MAX: UNLIMITED,
  AUTH_RATE_LIMIT_IP_MAX: UNLIMITED,
  AUTH_RATE_LIMIT_EMAIL_MAX: UNLIMITED,
  GENERATION_RATE_LIMIT_MAX: UNLIMITED,
};

export interface FuzzApp {
  readonly app: App;
  readonly routes: readonly PostRoute[];
  readonly database: TestDatabase;
  close(): Promise<void>;
}

/**
 * One app on a fresh PGlite database, with its POST routes as registered. PGlite because a fuzz
 * run sends tens of thousands of requests, and what it checks (validation, error mapping) does
 * not depend on the engine; the module suites run the same SQL on PostgreSQL.
 */
export async function startFuzzApp(): Promise<FuzzApp> {
  const database = await createTestDatabase('pglite');
  const collector = postRouteCollector();
  const app = await buildTestApp({
    database: database.database,
    env: FUZZ_ENV,
    observeRoutes: collector.observe,
  });
  return {
    app,
    routes: collector.routes,
    database,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

export interface FuzzRequest {
  readonly url: string;
  readonly token: string;
  readonly payload: string | Buffer;
  readonly contentType: string;
}

/** A POST as a browser would send it, each from an address of its own. */
export function post(app: App, request: FuzzRequest): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: request.url,
    remoteAddress: randomIp(),
    headers: { authorization: `Bearer ${request.token}`, 'content-type': request.contentType },
    payload: request.payload,
  });
}
