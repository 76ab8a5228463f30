// Data export: every kind of record and picture comes out in one ZIP, made on the job queue with
// progress the owner can poll, downloadable for 7 days by its owner's live session only (the mail
// links to account settings), then removed by the sweep.
import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import {
  apiPaths,
  DataExportSchema,
  LatestDataExportResponseSchema,
  PRIVACY_MESSAGES,
  type DataExport,
} from '@pictura/contract';
import type { App } from '../../app.js';
import { createFileStorage } from '../../infra/storage/index.js';
import {
  bearer,
  describeEachEngine,
  randomIp,
  reauthenticate,
  signUp,
  testConfig,
  type TestUser,
} from '../../test/index.js';
import { fastTuning } from '../../test/generation.js';
import { userWithEverything } from '../../test/privacy.js';
import { EXPORT_SECTION_NAMES } from './export-sections.js';
import { runPrivacySweep } from './sweep.js';

const PUBLIC_URL = 'https://shop.example';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Asks for an export as the web app does: the password again, then the request. */
const requestExport = async (app: App, user: TestUser) => {
  await reauthenticate(app, user);
  return app.inject({
    method: 'POST',
    url: apiPaths.privacyExports,
    remoteAddress: randomIp(),
    headers: bearer(user.accessToken),
  });
};

async function latestExport(app: App, user: TestUser): Promise<DataExport | null> {
  const response = await app.inject({
    method: 'GET',
    url: apiPaths.privacyExports,
    headers: bearer(user.accessToken),
  });
  return LatestDataExportResponseSchema.parse(response.json()).export;
}

/** Polls the newest export until it is ready, noting every progress figure seen on the way. */
async function waitUntilReady(app: App, user: TestUser, seen: number[] = []): Promise<DataExport> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const current = await latestExport(app, user);
    if (current) seen.push(current.progress);
    if (current?.status === 'ready') return current;
    if (current?.status === 'failed') throw new Error('the export failed');
    if (Date.now() > deadline) throw new Error(`export still ${current?.status ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const download = (app: App, url: string | null, user?: TestUser) =>
  app.inject({ method: 'GET', url: url ?? '', headers: user ? bearer(user.accessToken) : {} });

async function signIn(app: App, user: TestUser): Promise<TestUser> {
  const response = await app.inject({
    method: 'POST',
    url: apiPaths.accountsLogin,
    remoteAddress: randomIp(),
    payload: { email: user.email, password: user.password },
  });
  expect(response.statusCode).toBe(200);
  return { ...user, ...response.json<Pick<TestUser, 'accessToken' | 'refreshToken'>>() };
}

describeEachEngine('data export', (ctx) => {
  const buildApp = () => ctx.buildApp({ generation: fastTuning(), env: { PUBLIC_URL } });

  it('packs every kind of record the shop holds and the pictures generated and bought into one ZIP, and mails its link', async () => {
    const app = await buildApp();
    const { user, details, jobId, ticketNumber } = await userWithEverything(app, ctx.database.db);

    const asked = await requestExport(app, user);
    expect(asked.statusCode).toBe(202);
    expect(DataExportSchema.parse(asked.json())).toMatchObject({ status: 'queued', progress: 0 });
    const seen: number[] = [];
    const ready = await waitUntilReady(app, user, seen);
    expect(ready.progress).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(ready.downloadUrl).toBe(`/api/privacy/exports/${ready.id}/download`);

    const zip = await download(app, ready.downloadUrl, user);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['cache-control']).toBe('private, no-store');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const data = JSON.parse(strFromU8(files['pictura-data.json'] ?? new Uint8Array())) as {
      records: Record<string, Record<string, unknown>[]>;
      consents: Record<string, string>;
      pictureFiles: string[];
    };

    for (const name of EXPORT_SECTION_NAMES) {
      expect(data.records[name], name).toBeInstanceOf(Array);
    }
    const { records } = data;
    expect(records.profile).toEqual([
      expect.objectContaining({
        email: details.email,
        first_name: details.firstName,
        last_name: details.lastName,
      }),
    ]);
    expect(records.profile?.[0]).not.toHaveProperty('password_hash');
    expect(records.billing).toEqual([
      expect.objectContaining({ city: details.city, address1: details.address1, country: 'ES' }),
    ]);
    expect(records.balances?.length).toBe(1);
    // The credit, the deposit paid at the provider, the two orders, the redemption, and the
    // generation's hold and capture.
    expect(records.ledgerEntries?.map((entry) => entry.kind)).toEqual([
      'deposit',
      'deposit',
      'order',
      'order',
      'giftCard',
      'generationHold',
      'generationCapture',
    ]);
    expect(records.orders).toHaveLength(2);
    expect(records.orders?.[0]).toMatchObject({ first_name: details.firstName });
    expect(records.orderItems).toHaveLength(1);
    expect(records.deposits).toEqual([
      expect.objectContaining({ first_name: details.firstName, address1: details.address1 }),
    ]);
    // One per payment: the deposit paid at the provider and the two orders paid from the balance.
    expect(records.receipts?.map((receipt) => receipt.kind)).toEqual(['deposit', 'order', 'order']);
    expect(records.purchasedArtworks).toHaveLength(1);
    expect(records.giftCardsBought).toHaveLength(1);
    expect(records.giftCardsBought?.[0]).not.toHaveProperty('code_hash');
    expect(records.giftCardsBought?.[0]).not.toHaveProperty('code_sealed');
    expect(records.giftCardsRedeemed).toHaveLength(1);
    expect(records.giftCardsSentToYou).toEqual([
      expect.objectContaining({ amount: 500, recipient_email: details.email }),
    ]);
    expect(records.supportTickets?.map((ticket) => ticket.ticket_number)).toContain(ticketNumber);
    expect(records.supportTickets).toHaveLength(2);
    expect(records.supportTicketMessages).toEqual([
      expect.objectContaining({ message: `Hello ${details.firstName}, it is on its way.` }),
    ]);
    expect(records.sessions).toHaveLength(1);
    expect(records.sessions?.[0]).not.toHaveProperty('token_hash');
    expect(records.generationJobs).toEqual([
      expect.objectContaining({ id: jobId, status: 'succeeded' }),
    ]);
    expect(records.generatedPictures).toEqual([expect.objectContaining({ job_id: jobId, n: 1 })]);
    expect(records.mails?.map((mail) => mail.kind)).toContain('ticketConfirmation');
    expect(records.dataExports).toHaveLength(1);
    expect(records.accountEvents?.map((event) => event.kind)).toEqual(
      expect.arrayContaining(['signedIn', 'dataExportRequested']),
    );
    expect(data.consents.cookies).toMatch(/only in your own browser/);

    const generated = data.pictureFiles.filter((name) => name.startsWith('pictures/generated/'));
    const purchased = data.pictureFiles.filter((name) => name.startsWith('pictures/purchased/'));
    expect(generated).toEqual([expect.stringContaining(`${jobId}-1.`)]);
    expect(purchased).toHaveLength(1);
    for (const name of [...generated, ...purchased]) {
      const bytes = files[name];
      expect(bytes, name).toBeDefined();
      const metadata = await sharp(Buffer.from(bytes ?? new Uint8Array())).metadata();
      expect(metadata.width, name).toBeGreaterThan(0);
    }

    const mails = await ctx.database.db.execute<{ recipient: string }>(
      sql`select recipient from mail_outbox where kind = 'dataExportReady' and recipient = ${details.email}`,
    );
    expect(mails.rows).toHaveLength(1);
  }, 120_000);

  it('gives the export being made when asked twice', async () => {
    // No worker in this process: the first export stays queued.
    const app = await ctx.buildApp({ env: { PUBLIC_URL, WORKER: 'false' } });
    const user = await signUp(app);
    const first = DataExportSchema.parse((await requestExport(app, user)).json());
    const second = DataExportSchema.parse((await requestExport(app, user)).json());
    expect(second).toEqual(first);
    expect(await latestExport(app, user)).toMatchObject({ id: first.id, status: 'queued' });
  });

  it('downloads for the owner’s live session only: not signed out, not another user, not after a password change or logging out everywhere', async () => {
    const app = await buildApp();
    const owner = await signUp(app);
    const other = await signUp(app);
    // A thief's session of the owner's account (a borrowed computer) asks for the export.
    const thief = await signIn(app, owner);
    await requestExport(app, thief);
    const ready = await waitUntilReady(app, thief);
    expect((await download(app, ready.downloadUrl, thief)).statusCode).toBe(200);

    expect((await download(app, ready.downloadUrl)).statusCode).toBe(401);
    const tokenLink = `${ready.downloadUrl ?? ''}?token=${'A'.repeat(43)}`;
    expect((await download(app, tokenLink)).statusCode).toBe(401);
    expect((await download(app, ready.downloadUrl, other)).statusCode).toBe(404);
    expect(await latestExport(app, other)).toBeNull();

    // The owner changes the password: the thief's session, and with it the download, ends.
    const changed = await app.inject({
      method: 'POST',
      url: apiPaths.accountsChangePassword,
      remoteAddress: randomIp(),
      headers: bearer(owner.accessToken),
      payload: {
        currentPassword: owner.password,
        password: 'indigo-Meadow-77-compass',
        repeatedPassword: 'indigo-Meadow-77-compass',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await download(app, ready.downloadUrl, thief)).statusCode).toBe(401);
    expect((await download(app, ready.downloadUrl, owner)).statusCode).toBe(200);

    // Logging out everywhere ends the owner's own session too.
    const secondThief = await signIn(app, { ...owner, password: 'indigo-Meadow-77-compass' });
    const loggedOut = await app.inject({
      method: 'POST',
      url: apiPaths.accountsLogoutAll,
      remoteAddress: randomIp(),
      headers: bearer(owner.accessToken),
    });
    expect(loggedOut.statusCode).toBeLessThan(300);
    for (const session of [owner, secondThief]) {
      expect((await download(app, ready.downloadUrl, session)).statusCode).toBe(401);
    }
  });

  it('keeps the file for 7 days, then answers 410 with a clear message; the sweep removes the file', async () => {
    const app = await buildApp();
    const user = await signUp(app);
    await requestExport(app, user);
    const ready = await waitUntilReady(app, user);
    const readyAt = Date.parse(ready.readyAt ?? '');
    expect(Date.parse(ready.expiresAt ?? '') - readyAt).toBe(7 * DAY_MS);

    // Seven days and a minute later (the rows are moved back in time instead of the clock).
    await ctx.database.db.execute(sql`
      update data_exports set ready_at = ready_at - interval '7 days 1 minute',
        expires_at = expires_at - interval '7 days 1 minute'
      where id = ${ready.id}`);
    const storageKey = sql`select storage_key as key from data_exports where id = ${ready.id}`;
    const [stored] = (await ctx.database.db.execute<{ key: string | null }>(storageKey)).rows;
    const storage = createFileStorage(testConfig());
    expect(await storage.has(stored?.key ?? '')).toBe(true);

    // Nobody opens it: the sweep alone removes the file.
    await runPrivacySweep({
      db: ctx.database.db,
      storage,
      log: app.log,
      recordRetentionYears: 10,
    });
    expect(await storage.has(stored?.key ?? '')).toBe(false);
    expect((await ctx.database.db.execute(storageKey)).rows).toEqual([{ key: null }]);

    const expired = await download(app, ready.downloadUrl, user);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ errors: { '': PRIVACY_MESSAGES.exportExpired } });
    expect(await latestExport(app, user)).toMatchObject({ status: 'expired', downloadUrl: null });
  });
});
