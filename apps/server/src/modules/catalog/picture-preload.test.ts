import { describe, expect, it } from 'vitest';
import type { Db } from '../../infra/db/index.js';
import { createPicturePreload } from './picture-preload.js';

/** A database whose queries never answer, as when its connections are cut rather than refused. */
function hungDatabase(): { db: Db; queries: () => number } {
  let queries = 0;
  const never = () => {
    queries += 1;
    return new Promise<never>(() => undefined);
  };
  const statement = { execute: never };
  const chain = {
    from: () => chain,
    innerJoin: () => chain,
    where: () => chain,
    limit: () => chain,
    prepare: () => statement,
  };
  // The few query-builder calls the offer's lookup makes; a stand-in for a database that hangs.
  const db = { select: () => chain } as unknown as Db;
  return { db, queries: () => queries };
}

describe('the picture page preload', () => {
  it('answers without a hint instead of waiting for a database that hangs', async () => {
    const { db, queries } = hungDatabase();
    const preload = createPicturePreload(db);

    await expect(preload('/gallery/picture/red-fox')).resolves.toBeUndefined();
    expect(queries()).toBe(1);
  });

  it('asks nothing for a path that is not a picture page', async () => {
    const { db, queries } = hungDatabase();
    const preload = createPicturePreload(db);

    await expect(preload('/gallery/red-fox')).resolves.toBeUndefined();
    await expect(preload('/gallery/picture/a/b')).resolves.toBeUndefined();
    expect(queries()).toBe(0);
  });
});
