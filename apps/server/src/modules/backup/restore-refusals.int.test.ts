// A restore refuses, with a message saying why, an archive that is cut short, altered, opened with
// the wrong passphrase or made by a newer Pictura, and a target that is not empty; the target is
// left as it was. The checks read the archive alone, so one engine (PGlite) covers them.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AppConfig } from '../../config.js';
import { openPglite } from '../../infra/db/index.js';
import { runShopCommand } from '../../test/backup.js';
import { testConfig } from '../../test/index.js';
import { PG_DUMP_MISSING } from './database-snapshot.js';
import { backUp, restore } from './index.js';

const PASSPHRASE = 'the right passphrase';

describe('a restore refuses bad archives and a used target', () => {
  let root: string;
  let shop: AppConfig;
  let target: AppConfig;
  const file = (name: string) => join(root, name);

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'pictura-refusals-'));
    shop = testConfig({ DATA_DIR: file('shop') });
    const template = await readFile(inject('pgliteTemplateFile'));
    const database = await openPglite({
      dataDir: join(shop.dataDir, 'db'),
      loadDataDir: new Blob([template]),
    });
    await database.close();
    await mkdir(join(shop.dataDir, 'files', 'originals'), { recursive: true });
    await writeFile(join(shop.dataDir, 'files', 'originals', 'abc'), Buffer.alloc(3 << 20, 7));
    await backUp({ config: shop, out: file('plain.backup'), passphrase: undefined });
    await backUp({ config: shop, out: file('sealed.backup'), passphrase: PASSPHRASE });
    // A migration this code does not know, as a newer Pictura would have applied.
    const newer = await openPglite({ dataDir: join(shop.dataDir, 'db') });
    await newer.client.query(
      "insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', 4102444800000)",
    );
    await newer.close();
    await backUp({ config: shop, out: file('newer.backup'), passphrase: undefined });
  }, 120_000);

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  let targets = 0;
  /** A fresh empty DATA_DIR to restore into. */
  async function emptyTarget(): Promise<AppConfig> {
    targets += 1;
    target = testConfig({ DATA_DIR: file(`target-${targets}`) });
    await mkdir(target.dataDir);
    return target;
  }

  async function copyAltered(
    from: string,
    to: string,
    alter: (bytes: Buffer) => Buffer,
  ): Promise<string> {
    await writeFile(file(to), alter(await readFile(file(from))));
    return file(to);
  }

  async function expectRefused(archive: string, passphrase: string | undefined, message: RegExp) {
    const config = await emptyTarget();
    await expect(restore({ config, archive, passphrase })).rejects.toThrow(message);
    expect(await readdir(config.dataDir)).toEqual([]);
  }

  it('restores the sound archives it refuses altered copies of', async () => {
    await restore({
      config: await emptyTarget(),
      archive: file('plain.backup'),
      passphrase: undefined,
    });
    await restore({
      config: await emptyTarget(),
      archive: file('sealed.backup'),
      passphrase: PASSPHRASE,
    });
    expect((await readdir(target.dataDir)).sort()).toEqual(['db', 'files', 'jwt-secret']);
  }, 60_000);

  it('refuses a truncated archive', async () => {
    const cut = await copyAltered('plain.backup', 'cut.backup', (bytes) =>
      bytes.subarray(0, bytes.length - 1000),
    );
    await expectRefused(cut, undefined, /incomplete: it was cut short/);
    const sealedCut = await copyAltered('sealed.backup', 'sealed-cut.backup', (bytes) =>
      bytes.subarray(0, bytes.length >> 1),
    );
    await expectRefused(sealedCut, PASSPHRASE, /incomplete: it was cut short/);
  });

  it('refuses a tampered archive', async () => {
    const flip = (at: (length: number) => number) => (bytes: Buffer) => {
      const copy = Buffer.from(bytes);
      copy[at(copy.length)]! ^= 0x01;
      return copy;
    };
    // A byte of the picture, near the end, away from any length field.
    const plain = await copyAltered(
      'plain.backup',
      'tampered.backup',
      flip((length) => length - 5_000),
    );
    await expectRefused(
      plain,
      undefined,
      /damaged or was altered: files\/originals\/abc does not match its checksum/,
    );
    const sealed = await copyAltered(
      'sealed.backup',
      'sealed-tampered.backup',
      flip((length) => length - 5_000),
    );
    await expectRefused(sealed, PASSPHRASE, /damaged or was altered: part \d+ does not verify/);
  });

  it('refuses a wrong passphrase, and an encrypted archive without one', async () => {
    await expectRefused(
      file('sealed.backup'),
      'not the passphrase',
      /The passphrase does not open this archive/,
    );
    await expectRefused(
      file('sealed.backup'),
      undefined,
      /encrypted: give its passphrase with --passphrase-file/,
    );
  });

  it('refuses a database schema newer than the code', async () => {
    await expectRefused(
      file('newer.backup'),
      undefined,
      /schema .* is newer than this Pictura's \(\d{4}_\w+/,
    );
  });

  it('refuses a target that is not empty, and leaves it as it was', async () => {
    const config = await emptyTarget();
    await writeFile(join(config.dataDir, 'notes.txt'), 'mine');
    await expect(
      restore({ config, archive: file('plain.backup'), passphrase: undefined }),
    ).rejects.toThrow(/DATA_DIR \(.*\) is not empty \(notes.txt\): restore into an empty folder/);
    expect(await readdir(config.dataDir)).toEqual(['notes.txt']);
  });

  it('does not open a PGlite database another process holds without a backup socket', async () => {
    const pid = join(shop.dataDir, 'db', 'postmaster.pid');
    await writeFile(pid, '-42\n');
    try {
      await expect(
        backUp({ config: shop, out: file('held.backup'), passphrase: undefined }),
      ).rejects.toThrow(/is open in a process that offers no backup socket/);
    } finally {
      await rm(pid);
    }
  });

  it('says so and exits with 1 from the command line', async () => {
    const config = await emptyTarget();
    const cut = await copyAltered('plain.backup', 'cli-cut.backup', (bytes) =>
      bytes.subarray(0, 100_000),
    );
    const restoring = await runShopCommand('restore', [cut], { DATA_DIR: config.dataDir });
    expect(restoring).toMatchObject({ code: 1, stdout: '' });
    expect(restoring.stderr.trim()).toBe(
      'The archive is incomplete: it was cut short before its end.',
    );
    expect(await readdir(config.dataDir)).toEqual([]);

    // PostgreSQL without pg_dump: what to install, before anything is written.
    const backingUp = await runShopCommand('backup', ['--out', file('pg.backup')], {
      DATA_DIR: shop.dataDir,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      PATH: '/nonexistent',
    });
    expect(backingUp.code).toBe(1);
    expect(backingUp.stderr.trim()).toBe(PG_DUMP_MISSING);
  }, 60_000);
});
