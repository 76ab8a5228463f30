import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { classesOf, shortClassNames } from './short-class-names';

const root = mkdtempSync(join(tmpdir(), 'class-names-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function stylesheet(path: string, source: string): string {
  const file = join(root, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, source);
  return file;
}

const header = stylesheet(
  'src/layout/header.module.css',
  `/* .commented is not a class */
.header { display: flex }
.menuButton:hover, .header > .menu { color: red }
@media (width < 40rem) { .menuButton { display: none } }`,
);
const footer = stylesheet('src/layout/footer.module.css', '.footer { padding: 0.5rem }');

describe('classesOf', () => {
  it('lists each class selector once, in order, without comments or numbers', () => {
    expect(classesOf('.a{margin:.5rem}.b .a,.c:not(.b){}/* .d */')).toEqual(['a', 'b', 'c']);
  });
});

describe('shortClassNames', () => {
  it('names a class alike in two builds, and every class of a file apart', () => {
    const browser = shortClassNames(root);
    const server = shortClassNames(root);
    const names = ['header', 'menuButton', 'menu'].map((name) => browser(name, header));
    expect(new Set(names).size).toBe(3);
    // The server's build asks in another order, and with Vite's query on the file name.
    expect(server('menu', `${header}?used`)).toBe(names[2]);
    expect(server('header', header)).toBe(names[0]);
    for (const name of names) expect(name).toMatch(/^_[A-Za-z0-9]{5}[0-9a-z]+$/);
  });

  it('gives each file its own prefix', () => {
    const name = shortClassNames(root);
    expect(name('footer', footer).slice(0, 6)).not.toBe(name('header', header).slice(0, 6));
  });

  it('keeps a class the source does not spell out as a selector apart from the others', () => {
    const name = shortClassNames(root);
    expect(name('composed', header)).toBe(`${name('header', header).slice(0, 6)}_composed`);
  });
});
