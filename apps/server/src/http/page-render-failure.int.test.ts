// A page whose server render fails answers 500 with the error page (or, when even that cannot be
// drawn, the bare app), and the cause goes to the log with the request's id; the visitor sees no
// detail. Driven with a stand-in web build whose server module throws (spa.ts, page-render.ts).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loggerOptions } from '../logger.js';
import { describeEachEngine, registerTestApp, testConfig } from '../test/index.js';
import { RENDERER_PATH } from './page-render.js';

/** index.html as the web build writes it: the places page-template.ts cuts it at. */
const INDEX_HTML = [
  '<!doctype html>',
  '<html lang="en">',
  '<head><title>Pictura</title>',
  '<meta name="description" content="The shop." />',
  '<script type="module" src="/assets/index-3f9a1c.js"></script>',
  '</head>',
  '<body><div id="root"></div></body></html>',
].join('\n');

/** The server module's `renderPage` (apps/web/src/entry-server.tsx): it fails on some paths. */
const renderer = (failsOn: string) => `
export async function renderPage({ url }) {
  const { pathname } = new URL(url);
  if (${failsOn}) throw new Error('the page could not be drawn: ' + pathname);
  return {
    status: 200,
    headHtml: '<title>Internal Server Error · Pictura</title>',
    html: '<main><h1>Internal Server Error</h1></main>',
    payload: '{}',
    pages: [],
  };
}
`;

const BUILDS = {
  /** Every page fails, the error page too. */
  failsAlways: renderer('true'),
  /** Every page but the error page fails. */
  failsButErrorPage: renderer("pathname !== '/error'"),
};

const PAGE = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

let distRoot: string;
const distOf = (build: keyof typeof BUILDS) => join(distRoot, build);

beforeAll(async () => {
  distRoot = await mkdtemp(join(tmpdir(), 'pictura-failing-dist-'));
  for (const [build, source] of Object.entries(BUILDS)) {
    for (const [path, content] of [
      ['index.html', INDEX_HTML],
      [RENDERER_PATH, source],
    ] as const) {
      const file = join(distRoot, build, path);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, content);
    }
  }
});

afterAll(async () => {
  await rm(distRoot, { recursive: true, force: true });
});

interface LogLine {
  level: number;
  msg: string;
  requestId?: string;
  url?: string;
  err?: { message: string; stack: string };
}

const ERROR_LEVEL = 50;

describeEachEngine('a page whose render fails', (ctx) => {
  const apps: App[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  /** An app serving `build`, whose log lines are collected in `lines`. */
  async function appServing(build: keyof typeof BUILDS) {
    const raw: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        raw.push(chunk.toString());
        done();
      },
    });
    const logger = pino(loggerOptions({ logLevel: 'info', nodeEnv: 'test' }), stream);
    const config = testConfig({ SERVE_WEB: 'true', WEB_DIST_DIR: distOf(build) });
    const app = await buildApp({ config, database: ctx.database, logger });
    registerTestApp(app, ctx.database);
    await app.ready();
    apps.push(app);
    return { app, lines: () => raw.map((line) => JSON.parse(line) as LogLine) };
  }

  const errorsOf = (lines: LogLine[], requestId: string) =>
    lines.filter((line) => line.level >= ERROR_LEVEL && line.requestId === requestId);

  it('answers 500 with the error page, and logs the cause with the request id', async () => {
    const { app, lines } = await appServing('failsButErrorPage');

    for (const url of ['/gallery?page=2', '/gallery/picture/red-fox', '/no-such-page']) {
      const response = await app.inject({ method: 'GET', url, headers: PAGE });

      expect(response.statusCode, url).toBe(500);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toContain('<h1>Internal Server Error</h1>');
      expect(response.body, url).toContain('<title>Internal Server Error · Pictura</title>');
      expect(response.body, url).not.toContain('could not be drawn');
      const requestId = String(response.headers['x-request-id']);
      expect(errorsOf(lines(), requestId), url).toEqual([
        expect.objectContaining({
          msg: 'rendering the page failed',
          url,
          err: expect.objectContaining({
            message: `the page could not be drawn: ${url.split('?')[0]}`,
          }) as unknown,
        }),
      ]);
    }

    // The error page itself renders, with its own status.
    const errorPage = await app.inject({ method: 'GET', url: '/error', headers: PAGE });
    expect(errorPage.statusCode).toBe(200);
    expect(errorPage.body).toContain('<h1>Internal Server Error</h1>');
  });

  it('answers 500 with the bare app when even the error page fails, and logs the cause', async () => {
    const { app, lines } = await appServing('failsAlways');

    for (const accept of [PAGE.accept, '*/*', 'application/json']) {
      const response = await app.inject({ method: 'GET', url: '/gallery', headers: { accept } });

      expect(response.statusCode, accept).toBe(500);
      expect(response.headers['content-type'], accept).toMatch(/^text\/html/);
      expect(response.body, accept).toBe(INDEX_HTML);
      const requestId = String(response.headers['x-request-id']);
      expect(errorsOf(lines(), requestId), accept).toEqual([
        expect.objectContaining({
          msg: 'rendering the page failed',
          url: '/gallery',
          err: expect.objectContaining({
            message: 'the page could not be drawn: /gallery',
          }) as unknown,
        }),
      ]);
    }
  });

  it('logs the id a proxy sent, so one request is followed across services', async () => {
    const { app, lines } = await appServing('failsButErrorPage');

    const response = await app.inject({
      method: 'GET',
      url: '/create',
      headers: { ...PAGE, 'x-request-id': 'edge-7f3a.42' },
    });

    expect(response.statusCode).toBe(500);
    expect(response.headers['x-request-id']).toBe('edge-7f3a.42');
    expect(errorsOf(lines(), 'edge-7f3a.42')).toHaveLength(1);
  });
});
