// `npm run backup -- --out FILE [--passphrase-file FILE]`: one archive of the shop (database,
// files, secrets, manifest) while it runs. Same configuration (DATA_DIR, DATABASE_URL, S3_*,
// JWT_SECRET) as the server. docs/operations/backup-and-metrics.md.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { backUp, readPassphraseFile } from '../modules/backup/index.js';
import { runCommand } from './command.js';
import { progressReport } from './progress.js';

const USAGE = 'Usage: npm run backup -- --out FILE [--passphrase-file FILE]';

await runCommand(USAGE, async () => {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, 'passphrase-file': { type: 'string' } },
    strict: true,
  });
  if (!values.out) throw new RangeError(USAGE);
  const passphraseFile = values['passphrase-file'];
  const passphrase =
    passphraseFile === undefined ? undefined : await readPassphraseFile(passphraseFile);
  const config = loadConfig(process.env);
  const started = performance.now();
  const summary = await backUp({
    config,
    out: values.out,
    passphrase,
    progress: progressReport('Copying files'),
  });
  const rows = Object.values(summary.manifest.counts).reduce((sum, count) => sum + count, 0);
  const files = summary.manifest.entries.filter((entry) => entry.name.startsWith('files/')).length;
  console.log(
    `Backed up ${summary.live ? 'the running shop' : 'the shop (no server was running)'} to ${values.out}: ` +
      `${rows} rows, ${files} files, schema ${summary.manifest.schema.lastMigration}, ` +
      `${(summary.bytes / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  if (summary.vanished > 0)
    console.log(`${summary.vanished} files were deleted during the backup and are not in it.`);
  if (passphrase === undefined) {
    console.log(
      'The archive is not encrypted and holds the server secret: keep it as safe as the database, or use --passphrase-file.',
    );
  }
});
