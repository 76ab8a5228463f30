import { describe, expect, it } from 'vitest';
import { createSummaryTexts, summaryParts, type SummaryParts } from './summary-texts.js';

const partsOf = (id: number, title = `offer ${id}`): SummaryParts =>
  summaryParts({
    id,
    urlName: `offer-${id}`,
    title,
    style: 'Anime',
    orientation: 'Square',
    categoryName: 'animals',
    createdAt: '2026-11-27T00:00:00.000Z',
    priceEur: 100,
    priceUsd: 110,
    imageKey: '0123456789abcdef0123456789abcdef',
    width: 640,
    height: 640,
    placeholder: 'data:image/webp;base64,AAAA',
  });
const sizeOf = (parts: SummaryParts) => parts.head.length + parts.tail.length;

/** A load that records the ids it was asked for. */
function recordingLoad(title?: string) {
  const asked: number[][] = [];
  const load = async (missing: number[]) => {
    asked.push(missing);
    return missing.map((id) => partsOf(id, title));
  };
  return { asked, load };
}

describe('summary texts', () => {
  it('reads from the database only the offers it does not hold', async () => {
    const texts = createSummaryTexts({ maxChars: 10_000, ttlMs: 60_000 });
    const { asked, load } = recordingLoad();
    await texts.read([1, 2, 3], load);
    const found = await texts.read([2, 3, 4], load);
    expect(asked).toEqual([[1, 2, 3], [4]]);
    expect([...found.keys()].sort()).toEqual([2, 3, 4]);
    expect(found.get(4)?.head).toContain('offer 4');
  });

  it('leaves out an offer the database no longer has (unpublished)', async () => {
    const texts = createSummaryTexts({ maxChars: 10_000, ttlMs: 60_000 });
    const found = await texts.read([1, 2], async () => [partsOf(1)]);
    expect([...found.keys()]).toEqual([1]);
  });

  it('reads again after a clear, and does not keep what was read before it', async () => {
    const texts = createSummaryTexts({ maxChars: 10_000, ttlMs: 60_000 });
    let finishRead: () => void = () => {};
    const slowRead = texts.read([1], async (missing) => {
      await new Promise<void>((resolve) => (finishRead = resolve));
      return missing.map((id) => partsOf(id, 'old title'));
    });
    texts.clear(); // the change lands while the old read is under way
    finishRead();
    expect((await slowRead).get(1)?.head).toContain('old title');

    const { asked, load } = recordingLoad('new title');
    const found = await texts.read([1], load);
    expect(asked).toEqual([[1]]);
    expect(found.get(1)?.head).toContain('new title');
  });

  it('keeps at most its size, the least recently shown out first', async () => {
    const texts = createSummaryTexts({ maxChars: 2 * sizeOf(partsOf(1)), ttlMs: 60_000 });
    const { asked, load } = recordingLoad();
    await texts.read([1, 2], load);
    await texts.read([1], load); // 2 is now the least recently shown
    await texts.read([3], load);
    await texts.read([1, 2, 3], load);
    expect(asked).toEqual([[1, 2], [3], [2]]);
  });
});
