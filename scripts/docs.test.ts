import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands on its own: nothing in it sends a reader to a file outside it, every link
 * between its docs (and every docs path a comment names) leads somewhere, and no doc grows past
 * what one reads in a sitting. Requirements are in docs/product/, decisions in docs/decisions/.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** What one reads in a sitting; a longer doc is split by sub-area, not scrolled. */
const MAX_MARKDOWN_LINES = 400;

/** Files git tracks, and new ones it would track, so a file is checked before its first commit. */
const files = execFileSync(
  'git',
  ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
  { cwd: root, encoding: 'utf8' },
)
  .split('\0')
  .filter((file) => file !== '' && existsSync(join(root, file)));

const TEXT_FILE = /\.(ts|tsx|mts|mjs|js|json|md|css|sql|sh|yml|yaml|html|txt|svg)$|^\.|\/\./;
/** Written by tools, not by people (the lock file lists registry addresses, not references). */
const GENERATED = new Set(['package-lock.json']);
const textFiles = files.filter((file) => TEXT_FILE.test(file) && !GENERATED.has(file));
const markdownFiles = files.filter((file) => file.endsWith('.md'));

const read = (file: string): string => readFileSync(join(root, file), 'utf8');

/**
 * Names of the documents the project started from, which live outside the repository, and paths
 * of the machines it was written on. Spelt in pieces so that this file does not match itself.
 */
const inPieces = (pieces: string[][], flags: string): RegExp =>
  new RegExp(pieces.map((parts) => parts.join('')).join('|'), flags);
const OUTSIDE = [
  inPieces(
    [
      ['\\.\\.', '/shared'],
      ['seed', '-spec'],
      ['\\bspec', ' sections?\\b'],
    ],
    'i',
  ),
  // File names in capitals, as those documents spell them (a `style.md` of our own is fine).
  inPieces(
    [
      ['DESIGN', '\\.md'],
      ['DESIGN', ' sections?\\b'],
      ['STYLE', '\\.md'],
    ],
    '',
  ),
];
const ABSOLUTE_PATH = /(^|[\s('"`=])\/(work|home|Users|root|mnt)\/[\w.-]/;

interface Finding {
  file: string;
  line: number;
  text: string;
}

const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length;

/** GitHub's anchor for a heading: its text without formatting, lower case, punctuation dropped. */
function anchorOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a Markdown file offers, numbered as GitHub numbers repeated headings. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const anchor = anchorOf(heading[1] ?? '');
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string>>();
function hasAnchor(file: string, anchor: string): boolean {
  let anchors = anchorCache.get(file);
  if (!anchors) {
    anchors = anchorsOf(read(file));
    anchorCache.set(file, anchors);
  }
  return anchors.has(decodeURIComponent(anchor));
}

/** Why a reference to `target` (a repository-relative path, maybe with #anchor) leads nowhere. */
function brokenTarget(target: string): string | undefined {
  const [path = '', anchor] = target.split('#');
  const full = join(root, path);
  if (path.startsWith('..') || !existsSync(full)) return 'no such file';
  if (anchor === undefined || anchor === '') return undefined;
  if (statSync(full).isDirectory() || !path.endsWith('.md')) return 'an anchor in no Markdown file';
  return hasAnchor(path, anchor) ? undefined : 'no such heading';
}

/** Markdown links and images whose target is in this repository: `[text](target)`. */
function relativeLinks(file: string, markdown: string): Finding[] {
  const links: Finding[] = [];
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, (block) => block.replace(/[^\n]/g, ' '));
  for (const match of withoutCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const resolved = target.startsWith('#')
      ? `${file}${target}`
      : relative(root, join(root, dirname(file), target));
    links.push({ file, line: lineOf(markdown, match.index), text: resolved });
  }
  return links;
}

describe('the repository stands on its own', () => {
  it('names no document or path outside the repository', () => {
    const findings: Finding[] = [];
    for (const file of textFiles) {
      const lines = read(file).split('\n');
      lines.forEach((text, index) => {
        if (OUTSIDE.some((name) => name.test(text)) || ABSOLUTE_PATH.test(text)) {
          findings.push({ file, line: index + 1, text: text.trim() });
        }
      });
    }
    expect(findings).toEqual([]);
  });

  it('has no dead link between its Markdown files, anchors included', () => {
    const dead = markdownFiles
      .flatMap((file) => relativeLinks(file, read(file)))
      .flatMap((link) => {
        const reason = brokenTarget(link.text);
        return reason ? [{ ...link, reason }] : [];
      });
    expect(dead).toEqual([]);
  });

  it('names in comments and docs only docs that exist, headings included', () => {
    const dead: (Finding & { reason: string })[] = [];
    // A migration that has run on a database is never edited again, so a doc it named when it
    // shipped may have moved since; the current record is found from the decisions' index.
    const shippedMigration = /^apps\/server\/drizzle\/\d{4}_[\w-]+\.sql$/;
    for (const file of textFiles.filter((name) => !shippedMigration.test(name))) {
      const text = read(file);
      for (const match of text.matchAll(/(?<![\w./-])docs\/[\w./-]*[\w/](?:#[\w-]+)?/g)) {
        const reason = brokenTarget(match[0]);
        if (reason) dead.push({ file, line: lineOf(text, match.index), text: match[0], reason });
      }
    }
    expect(dead).toEqual([]);
  });

  it(`keeps every Markdown file within ${MAX_MARKDOWN_LINES} lines`, () => {
    const long = markdownFiles
      .map((file) => ({ file, lines: read(file).split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_MARKDOWN_LINES);
    expect(long).toEqual([]);
  });

  it('lists every decision record in its area index', () => {
    const unlisted = markdownFiles
      .filter((file) => /^docs\/decisions\/[\w-]+\/(?!README\.md$)[\w-]+\.md$/.test(file))
      .filter((file) => {
        const index = join(dirname(file), 'README.md');
        const name = file.slice(dirname(file).length + 1);
        return !existsSync(join(root, index)) || !read(index).includes(`](${name})`);
      });
    expect(unlisted).toEqual([]);
  });

  it('finds the anchors GitHub makes', () => {
    expect(anchorOf('Cart and gift card')).toBe('cart-and-gift-card');
    expect(anchorOf('`npm start` and `npm test` are scripts')).toBe(
      'npm-start-and-npm-test-are-scripts',
    );
    expect(anchorOf('VAT included, per line, halves up')).toBe('vat-included-per-line-halves-up');
    expect([...anchorsOf('# A\n## A\n```\n# B\n```\n')]).toEqual(['a', 'a-1']);
  });
});
