// No password, token or code may appear in anything the servers printed during
// the whole e2e run (serve-with-log.mjs writes it to E2E_LOG_DIR). Runs after every test; throwing
// here fails the run. The report names the file, line and kind only: never the secret itself.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import {
  GIFT_CARD_CODE_ALPHABET,
  GIFT_CARD_CODE_GROUP,
  GIFT_CARD_CODE_LENGTH,
  RESET_CODE_ALPHABET,
  RESET_CODE_LENGTH,
} from '@pictura/contract';

interface Finding {
  file: string;
  line: number;
  kind: string;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (alphabet: string): string => `[${escapeRegExp(alphabet)}]`;

const giftCardChar = anyOf(GIFT_CARD_CODE_ALPHABET);
const giftCardGroups = GIFT_CARD_CODE_LENGTH / GIFT_CARD_CODE_GROUP;
const giftCardGroup = `${giftCardChar}{${GIFT_CARD_CODE_GROUP}}`;

/** Shapes that are secrets wherever they turn up, whoever made them. */
const SECRET_SHAPES: ReadonlyArray<{ kind: string; pattern: RegExp }> = [
  { kind: 'a JWT (access token)', pattern: /eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/ },
  // The fixtures' passwords (newUser) all start like this, including changed ones.
  { kind: 'an e2e user password', pattern: /violet tram umbrella/i },
  // A secret-named field with a value that is not the logger's "[redacted]".
  {
    kind: 'an unredacted secret field',
    pattern:
      /"(?:password|currentPassword|repeatedPassword|refreshToken|accessToken|giftCardNumber)"\s*:\s*"(?!\[redacted\]")/,
  },
  // Shown in groups joined by dashes, or typed as one run: either, never a mix, which would
  // also match a UUID whose groups happen to be all digits from 2 to 9.
  {
    kind: 'a gift card code',
    pattern: new RegExp(
      `(?<![A-Za-z0-9])(?:${giftCardGroup}(?:-${giftCardGroup}){${giftCardGroups - 1}}|${giftCardChar}{${GIFT_CARD_CODE_LENGTH}})(?![A-Za-z0-9])`,
    ),
  },
];

const resetCodeShape = new RegExp(
  `(?<![A-Za-z0-9])${anyOf(RESET_CODE_ALPHABET)}{${RESET_CODE_LENGTH}}(?![A-Za-z0-9])`,
  'g',
);

/** The reset codes the servers mailed during the run (their outboxes), to look for verbatim. */
async function mailedResetCodes(dataDirs: readonly string[]): Promise<Set<string>> {
  const codes = new Set<string>();
  for (const dataDir of dataDirs) {
    const outbox = join(dataDir, 'outbox');
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files.filter((name) => name.endsWith('.eml'))) {
      const mail = await simpleParser(await readFile(join(outbox, file)));
      for (const match of (mail.text ?? '').matchAll(resetCodeShape)) codes.add(match[0]);
    }
  }
  return codes;
}

/** Exact secrets of this run: the admin's password and every mailed code. */
async function knownSecrets(): Promise<ReadonlyArray<{ kind: string; value: string }>> {
  const dataDirs = [process.env.E2E_DATA_DIR, process.env.E2E_SHORT_TOKEN_DATA_DIR].filter(
    (dir): dir is string => !!dir,
  );
  const secrets = [...(await mailedResetCodes(dataDirs))].map((value) => ({
    kind: 'a mailed reset code',
    value,
  }));
  const adminPassword = process.env.E2E_ADMIN_PASSWORD;
  if (adminPassword) secrets.push({ kind: 'the admin password', value: adminPassword });
  return secrets;
}

/** Every secret in the given log text, by line. */
export function findSecrets(
  file: string,
  text: string,
  known: ReadonlyArray<{ kind: string; value: string }>,
): Finding[] {
  const findings: Finding[] = [];
  text.split('\n').forEach((content, index) => {
    const kinds = [
      ...SECRET_SHAPES.filter(({ pattern }) => pattern.test(content)).map(({ kind }) => kind),
      ...known.filter(({ value }) => content.includes(value)).map(({ kind }) => kind),
    ];
    for (const kind of new Set(kinds)) findings.push({ file, line: index + 1, kind });
  });
  return findings;
}

export default async function globalTeardown(): Promise<void> {
  const logDir = process.env.E2E_LOG_DIR;
  if (!logDir) throw new Error('E2E_LOG_DIR is set by playwright.config.ts');
  const files = (await readdir(logDir).catch(() => [] as string[])).filter((name) =>
    name.endsWith('.log'),
  );
  // No logs means the servers' output was not captured, and a scan of nothing proves nothing.
  if (!files.includes('server.log')) throw new Error(`no server log in ${logDir}`);
  const known = await knownSecrets();
  const findings: Finding[] = [];
  for (const file of files) {
    findings.push(...findSecrets(file, await readFile(join(logDir, file), 'utf8'), known));
  }
  if (findings.length > 0) {
    const list = findings.map(({ file, line, kind }) => `  ${file}:${line}: ${kind}`).join('\n');
    throw new Error(`secrets in the server logs (${join(logDir)}):\n${list}`);
  }
}
