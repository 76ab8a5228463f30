import AxeBuilder from '@axe-core/playwright';
import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiPaths, TokenResponseSchema } from '@pictura/contract';
import { nextAdminCode } from '../admin-two-step';
import { expect, startSignedIn } from './fixtures';

// The back office journeys sign in as the admin that playwright.config.ts has the real
// `admin:create` CLI make before the server starts, and for whom global-setup.ts sets up two-step
// sign-in (the back office asks admins for a second factor).

export const adminEmail = (): string => {
  const email = process.env.E2E_ADMIN_EMAIL;
  if (!email) throw new Error('E2E_ADMIN_EMAIL is set by playwright.config.ts');
  return email;
};

export const adminPassword = (): string => {
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!password) throw new Error('E2E_ADMIN_PASSWORD is set by playwright.config.ts');
  return password;
};

/**
 * Logs the admin in through the API, with a code as an authenticator app makes it, and starts the
 * page with that session (a tab of its own).
 */
export async function signInAsAdmin(page: Page, request: APIRequestContext = page.request) {
  const response = await request.post(apiPaths.accountsLogin, {
    data: { email: adminEmail(), password: adminPassword(), code: await nextAdminCode() },
  });
  expect(response.status(), await response.text()).toBe(200);
  const tokens = TokenResponseSchema.parse(await response.json());
  await startSignedIn(page, tokens);
  return tokens;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

const crc32 = (bytes: Buffer): number => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A real PNG (an RGB gradient) made in memory, so the journey uploads a picture without keeping
 * one in the repository; `seed` changes the colours, so each run uploads a picture of its own.
 */
export function gradientPng(width: number, height: number, seed: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = (x * 255) / width;
      row[2 + x * 3] = (y * 255) / height;
      row[3 + x * 3] = (seed * 37 + x + y) & 0xff;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, truecolour, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** No serious or critical axe violation on the page; a picture of it goes to output/screenshots. */
export async function checkAdminPage(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    blocking.map((violation) => `${name}: ${violation.id} ${violation.nodes[0]?.target}`),
  ).toEqual([]);
  await page.screenshot({ path: `output/screenshots/admin-${name}.png`, fullPage: true });
}
