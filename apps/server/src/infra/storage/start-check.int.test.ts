// An API or worker process whose bucket cannot be used stops at start, naming the bucket and the
// reason, instead of starting and failing every picture request later.
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startObjectStorage, type ObjectStorageServer } from '../../test/object-storage.js';
import { startServerProcess } from '../../test/processes.js';

describe('start-up with object storage', () => {
  let server: ObjectStorageServer;
  let dataDir: string;

  beforeAll(async () => {
    server = await startObjectStorage();
    dataDir = await mkdtemp(join(tmpdir(), 'pictura-start-check-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each(['api', 'worker'] as const)(
    'the %s process refuses to start on a bucket that does not exist',
    async (kind) => {
      const child = startServerProcess(kind, kind, {
        ...server.env,
        S3_BUCKET: 'no-such-bucket',
        DATA_DIR: dataDir,
        // Never reached: the store is checked before the database is opened.
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/unused',
        LOG_LEVEL: 'info',
      });

      const [exitCode] = (await once(child.child, 'exit')) as [number | null];

      expect(exitCode).toBe(1);
      expect(child.output()).toContain(
        'S3 bucket \\"no-such-bucket\\" cannot be reached: NotFound',
      );
    },
  );
});
