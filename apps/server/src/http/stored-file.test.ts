import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../infra/storage/index.js';
import { requestedRange, sendStoredFile } from './stored-file.js';

describe('requested byte range', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=900-', { start: 900, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['Bytes= 5-5 ', { start: 5, end: 5 }],
  ])('serves %j of a 1,000-byte file as %j', (header, range) => {
    expect(requestedRange(header, 1_000)).toEqual(range);
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])(
    'finds nothing of a 1,000-byte file in %j',
    (header) => {
      expect(requestedRange(header, 1_000)).toBe('unsatisfiable');
    },
  );

  it.each([undefined, '', 'bytes=0-1,5-6', 'items=0-1', 'bytes=9-1', 'bytes=-', 'bytes=a-b'])(
    'sends the whole file for %j',
    (header) => {
      expect(requestedRange(header, 1_000)).toBeUndefined();
    },
  );
});

describe('a kept file sent as an attachment', () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('answers HEAD with the length a GET sends, without reading the file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'pictura-stored-file-'));
    const storage = new LocalDiskStorage(dir);
    await storage.put('picture.jpg', Buffer.alloc(4_096, 7));
    const streamed: string[] = [];
    const app = Fastify();
    app.get('/file', async (request, reply) => {
      const file = await storage.open('picture.jpg');
      if (!file) throw new Error('the file is not kept');
      const stream = file.stream.bind(file);
      return sendStoredFile(request, reply, {
        fileName: 'picture.jpg',
        contentType: 'image/jpeg',
        file: {
          ...file,
          head: file.head.bind(file),
          close: file.close.bind(file),
          stream: (range) => {
            streamed.push(request.method);
            return stream(range);
          },
        },
      });
    });
    const head = await app.inject({ method: 'HEAD', url: '/file' });
    const get = await app.inject({ method: 'GET', url: '/file' });
    await app.close();

    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('4096');
    expect(head.rawPayload.length).toBe(0);
    expect(get.rawPayload.length).toBe(4_096);
    expect(streamed).toEqual(['GET']);
  });
});
