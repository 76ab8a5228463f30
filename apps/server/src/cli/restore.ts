// `npm run restore -- FILE [--passphrase-file FILE]`: a backup archive into an empty DATA_DIR (and
// an empty database with DATABASE_URL, an empty bucket with S3_BUCKET). Start the server afterwards:
// it migrates the database forward. docs/operations/backup-and-metrics.md.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { readPassphraseFile, restore } from '../modules/backup/index.js';
import { runCommand } from './command.js';
import { progressReport } from './progress.js';

const USAGE = 'Usage: npm run restore -- FILE [--passphrase-file FILE]';

await runCommand(USAGE, async () => {
  const { values, positionals } = parseArgs({
    options: { 'passphrase-file': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const [archive, ...more] = positionals;
  if (archive === undefined || more.length > 0) throw new RangeError(USAGE);
  const passphraseFile = values['passphrase-file'];
  const passphrase =
    passphraseFile === undefined ? undefined : await readPassphraseFile(passphraseFile);
  const config = loadConfig(process.env);
  const manifest = await restore({
    config,
    archive,
    passphrase,
    progress: progressReport('Restoring files'),
  });
  const rows = Object.values(manifest.counts).reduce((sum, count) => sum + count, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt} (Pictura ${manifest.appVersion}, schema ` +
      `${manifest.schema.lastMigration}): ${rows} rows, ${manifest.entries.length} entries checked. ` +
      'Start the server on it (npm start): it migrates the database forward.',
  );
});
