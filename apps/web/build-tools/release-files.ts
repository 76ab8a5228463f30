import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Release detection files (docs/product/browser.md#release-detection). The running app polls
 * `builds/latest.json` and compares its build id with the one compiled into it; `builds/meta/<id>.json`
 * describes what that build emitted, so operators (and the e2e test) can tell builds apart.
 */

/** The id becomes a file name and part of a URL, so only a safe, short alphabet is accepted. */
const BUILD_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface BuildManifest {
  buildId: string;
  createdAt: string;
  files: string[];
}

/** `BUILD_ID` from the environment when given (CI, reproducible deploys), else time + random suffix. */
export function resolveBuildId(fromEnv: string | undefined, now: Date = new Date()): string {
  if (fromEnv !== undefined && fromEnv !== '') {
    if (!BUILD_ID_PATTERN.test(fromEnv)) {
      throw new Error(
        `BUILD_ID "${fromEnv}" is invalid: use 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit`,
      );
    }
    return fromEnv;
  }
  // 20250101T120000Z: sortable and readable; the suffix keeps two builds in one second apart.
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return `${stamp}-${randomBytes(4).toString('hex')}`;
}

export function releaseFiles(buildId: string): Plugin {
  let createdAt = new Date().toISOString();
  return {
    name: 'pictura:release-files',
    // The same id is compiled into the app, which compares it with latest.json at run time.
    config: () => ({ define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) } }),
    buildStart() {
      createdAt = new Date().toISOString();
    },
    async writeBundle(options, bundle) {
      if (!options.dir) return;
      const buildsDir = path.join(options.dir, 'builds');
      const manifest: BuildManifest = {
        buildId,
        createdAt,
        files: Object.keys(bundle).sort(),
      };
      await mkdir(path.join(buildsDir, 'meta'), { recursive: true });
      // The manifest first: latest.json must never name a build whose manifest is not there yet.
      await writeFile(
        path.join(buildsDir, 'meta', `${buildId}.json`),
        `${JSON.stringify(manifest, null, 2)}\n`,
      );
      await writeFile(path.join(buildsDir, 'latest.json'), `${JSON.stringify({ buildId })}\n`);
    },
  };
}
