import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { shutdown } from './lifecycle.js';
import { buildTestApp, createTestDatabase, describeEachEngine } from './test/index.js';

/** Resolves when the server has stopped listening, i.e. the graceful close is under way. */
async function closingStarted(server: { listening: boolean }): Promise<void> {
  while (server.listening) await sleep(5);
}

describeEachEngine('graceful shutdown', (ctx) => {
  it('lets in-flight requests finish, answers new ones with 503, then closes the database', async () => {
    // Its own database: this test closes it.
    const { database, dispose } = await createTestDatabase(ctx.engine);
    let requestArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (requestArrived = resolve));
    let finishRequest!: () => void;
    const mayFinish = new Promise<void>((resolve) => (finishRequest = resolve));

    const app = await buildTestApp({
      database,
      beforeReady: (instance) => {
        instance.get('/api/test/slow', async () => {
          requestArrived();
          await mayFinish;
          await database.ping(); // still open while a request is in flight
          return { finished: true };
        });
      },
    });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;

      const inFlight = fetch(`http://127.0.0.1:${port}/api/test/slow`);
      await arrived;
      // A client already connected, half-way through sending its request when the stop begins.
      const lateClient = connect(port, '127.0.0.1');
      await once(lateClient, 'connect');
      lateClient.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
      await sleep(20);

      const stopped = shutdown({ app, database });
      await closingStarted(app.server);
      lateClient.end('\r\n');
      const [lateResponse] = (await once(lateClient, 'data')) as [Buffer];

      expect(lateResponse.toString()).toMatch(/^HTTP\/1\.1 503 /);

      finishRequest();
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ finished: true });

      await stopped; // promptly: the in-flight connection was closed after its response
      await expect(database.ping()).rejects.toThrow();
    } finally {
      finishRequest();
      await app.close();
      await dispose();
    }
  });

  it('waits for a request whose client went away before closing the database', async () => {
    const { database, dispose } = await createTestDatabase(ctx.engine);
    let requestArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (requestArrived = resolve));
    let finishRequest!: () => void;
    const mayFinish = new Promise<void>((resolve) => (finishRequest = resolve));
    let lastQuery: Promise<unknown> | undefined;

    const app = await buildTestApp({
      database,
      beforeReady: (instance) => {
        instance.get('/api/test/abandoned', async () => {
          requestArrived();
          await mayFinish;
          // As a checkout that goes on to record its idempotent answer.
          lastQuery = database.ping();
          await lastQuery;
          return { finished: true };
        });
      },
    });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      const client = connect(port, '127.0.0.1');
      await once(client, 'connect');
      client.write('GET /api/test/abandoned HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await arrived;
      client.destroy();
      await once(client, 'close');

      let stoppedYet = false;
      const stopped = shutdown({ app, database }).then(() => (stoppedYet = true));
      await closingStarted(app.server);
      await sleep(50);
      expect(stoppedYet).toBe(false);

      finishRequest();
      await stopped;
      await expect(lastQuery).resolves.not.toThrow();
      await expect(database.ping()).rejects.toThrow();
    } finally {
      finishRequest();
      await app.close();
      await dispose();
    }
  });
});
