import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deriveKey, loadServerSecret, SECRET_FILE_NAME } from './secret.js';

describe('loadServerSecret', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });
  const dataDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pictura-secret-'));
    dirs.push(dir);
    return join(dir, 'data');
  };

  it('uses JWT_SECRET when set, and writes nothing', async () => {
    const dir = await dataDir();
    const secret = 'x'.repeat(40);

    expect(await loadServerSecret({ jwtSecret: secret, dataDir: dir })).toBe(secret);
    await expect(stat(dir)).rejects.toThrow();
  });

  it('generates one secret into DATA_DIR/jwt-secret (mode 0600) and keeps it', async () => {
    const dir = await dataDir();

    const first = await loadServerSecret({ jwtSecret: undefined, dataDir: dir });
    const again = await loadServerSecret({ jwtSecret: undefined, dataDir: dir });

    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again).toBe(first);
    const file = join(dir, SECRET_FILE_NAME);
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('agrees on one secret when several processes start at once', async () => {
    const dir = await dataDir();

    const secrets = await Promise.all(
      Array.from({ length: 5 }, () => loadServerSecret({ jwtSecret: undefined, dataDir: dir })),
    );

    expect(new Set(secrets).size).toBe(1);
  });

  it('refuses a secret file that holds too little', async () => {
    const dir = await dataDir();
    await loadServerSecret({ jwtSecret: undefined, dataDir: dir });
    await writeFile(join(dir, SECRET_FILE_NAME), 'short\n');

    await expect(loadServerSecret({ jwtSecret: undefined, dataDir: dir })).rejects.toThrow(
      /at least 32 characters/,
    );
  });
});

describe('deriveKey', () => {
  it('gives each purpose its own 256-bit key', () => {
    const accessKey = deriveKey('s'.repeat(32), 'access-token');
    const codeKey = deriveKey('s'.repeat(32), 'reset-code');

    expect(accessKey).toHaveLength(32);
    expect(Buffer.from(accessKey).equals(Buffer.from(codeKey))).toBe(false);
    expect(deriveKey('s'.repeat(32), 'access-token')).toEqual(accessKey);
  });
});
