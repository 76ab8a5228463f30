import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { loadedPreloads } from './loaded-preloads';

/** A bundle as Rollup describes it: each chunk with the chunks it imports statically. */
function bundleOf(imports: Record<string, string[]>): Rollup.OutputBundle {
  return Object.fromEntries(
    Object.entries(imports).map(([fileName, chunkImports]) => [
      fileName,
      { type: 'chunk', fileName, imports: chunkImports } as unknown as Rollup.OutputChunk,
    ]),
  );
}

function notedBundle(imports: Record<string, string[]>) {
  const preloads = loadedPreloads();
  const hook = preloads.plugin.generateBundle as { handler: (...args: unknown[]) => void };
  hook.handler({}, bundleOf(imports), false);
  return preloads;
}

describe('loadedPreloads', () => {
  it('drops the files the importer imports itself, directly or through another, and keeps the rest', () => {
    const preloads = notedBundle({
      'main.js': ['app.js'],
      'app.js': ['react.js'],
      'react.js': [],
      'page.js': ['app.js', 'forms.js'],
      'forms.js': ['react.js'],
    });
    expect(preloads.withoutLoaded(['app.js', 'react.js', 'forms.js'], 'main.js')).toEqual([
      'forms.js',
    ]);
    // A chunk the page's importer does not import: it has not loaded, so it is preloaded.
    expect(preloads.withoutLoaded(['app.js', 'react.js', 'forms.js'], 'react.js')).toEqual([
      'app.js',
      'react.js',
      'forms.js',
    ]);
  });

  it('keeps every file before the bundle is known', () => {
    expect(loadedPreloads().withoutLoaded(['app.js'], 'main.js')).toEqual(['app.js']);
  });
});
