// The shop with S3_BUCKET set: pictures go to the bucket and come back from it, and nothing is
// written to DATA_DIR/files, so API processes on different machines see the same pictures.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApiPaths, apiPaths, UploadedImageSchema } from '@pictura/contract';
import type { App } from '../../app.js';
import { offers, originalStorageKey, storeOriginal } from '../../modules/catalog/index.js';
import {
  bearer,
  buildTestApp,
  createTestDatabase,
  seedTestCatalog,
  signUpAdmin,
  type TestDatabase,
} from '../../test/index.js';
import { startObjectStorage, type ObjectStorageServer } from '../../test/object-storage.js';
import { S3Storage } from './index.js';

describe('the shop on S3-compatible object storage', () => {
  let server: ObjectStorageServer;
  let bucket: S3Storage;
  let dataDir: string;
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    server = await startObjectStorage();
    bucket = new S3Storage(server.config);
    dataDir = await mkdtemp(join(tmpdir(), 'pictura-s3-app-'));
    database = await createTestDatabase('pglite');
    app = await buildTestApp({
      database: database.database,
      env: { DATA_DIR: dataDir, ...server.env },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#305070' } })
      .png()
      .toBuffer();

  it("serves previews of an offer's original kept in the bucket, and keeps them there", async () => {
    const { imageKey } = await storeOriginal(bucket, await picture(900, 600));
    // Only an offer's previews are kept: they carry its title in their marks.
    await seedTestCatalog(database.database.db);
    await database.database.db
      .update(offers)
      .set({ imageKey })
      .where(eq(offers.urlName, 'red-fox'));

    const response = await app.inject({
      method: 'GET',
      url: `${apiPaths.images}/${imageKey}/640.webp`,
    });

    expect(response.statusCode).toBe(200);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 640,
    });
    expect(await bucket.has(`previews/${imageKey}/640.webp`)).toBe(true);
    expect(existsSync(join(dataDir, 'files'))).toBe(false);
  });

  it("stores an admin's upload as an original in the bucket", async () => {
    const admin = await signUpAdmin(app, database.database.db);
    const png = await picture(400, 700);

    const response = await app.inject({
      method: 'POST',
      url: adminApiPaths.catalogImages,
      payload: png,
      headers: { ...bearer(admin.accessToken), 'content-type': 'image/png' },
    });

    expect(response.statusCode).toBe(200);
    const { imageKey } = UploadedImageSchema.parse(response.json());
    expect((await bucket.get(originalStorageKey(imageKey)))?.equals(png)).toBe(true);
    expect(existsSync(join(dataDir, 'files'))).toBe(false);
  });
});
