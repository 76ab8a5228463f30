import { afterEach, expect, it, vi } from 'vitest';
import { adminApiPaths, type UploadedImage } from '@pictura/contract';
import { apiClient } from '../../../lib/api-client';
import { uploadPicture } from './upload-picture';

afterEach(() => {
  vi.unstubAllGlobals();
  apiClient.setAccessToken(null);
});

const STORED: UploadedImage = {
  imageKey: 'a'.repeat(32),
  width: 800,
  height: 600,
  orientation: 'Horizontal',
  image: { width: 800, height: 600, placeholder: 'data:,', previews: [], share: '/share.jpg' },
};

it('sends the picture as its raw bytes with its own type and the admin token', async () => {
  const fetch = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(STORED), { headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  apiClient.setAccessToken('admin-token');
  const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

  expect(await uploadPicture(file)).toEqual(STORED);

  const [url, init] = fetch.mock.calls[0]!;
  expect(String(url)).toBe(adminApiPaths.catalogImages);
  expect(init?.method).toBe('POST');
  expect(init?.body).toBe(file);
  const headers = new Headers(init?.headers);
  expect(headers.get('Content-Type')).toBe('image/png');
  expect(headers.get('Authorization')).toBe('Bearer admin-token');
});
