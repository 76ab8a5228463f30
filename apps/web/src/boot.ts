// The page's entry: what index.html loads. A server-rendered page is complete without the app's
// code, so that code is fetched only once the page's first view is on screen: its first contentful
// paint and the pictures it loads at once rather than lazily (the picture page's preview, the
// gallery's first row) presented, not merely loaded. Until then the phone's bandwidth and CPU go to
// what the visitor sees, and neither the first nor the largest paint waits for a script
// (docs/decisions/rendering/when-the-code-loads.md). A page the server did not render
// (index.html alone) shows nothing before the app runs: it loads at once.

const startApp = () => import('./main');

/** The longest the app waits for the browser to report a paint it may never report. */
const PAINT_REPORT_LIMIT_MS = 1000;

/** Element Timing's entry (Chromium only, so not in TypeScript's DOM types). */
interface ElementPaint extends PerformanceEntry {
  readonly element: Element | null;
}

/** Settles with whether the image loaded (a broken picture must not hold the app back). */
function loaded(image: HTMLImageElement): Promise<boolean> {
  if (image.complete) return Promise.resolve(image.naturalWidth > 0);
  return new Promise((resolve) => {
    image.addEventListener('load', () => resolve(true), { once: true });
    image.addEventListener('error', () => resolve(false), { once: true });
  });
}

/** Settles after the browser has painted what is in the document now. */
function afterNextPaint(): Promise<void> {
  // A frame callback runs just before a paint; a task queued from it runs after that paint.
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

const reports = (type: string) => PerformanceObserver.supportedEntryTypes.includes(type);

/** Settles once `done` says the entries of `type` reported so far (buffered ones too) suffice. */
function entriesUntil(type: string, done: (entries: PerformanceEntry[]) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const seen: PerformanceEntry[] = [];
    const observer = new PerformanceObserver((list) => {
      seen.push(...list.getEntries());
      if (!done(seen)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type, buffered: true });
  });
}

const inView = (image: HTMLImageElement) => {
  const box = image.getBoundingClientRect();
  return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
};

/**
 * Settles once the first contentful paint and the given pictures are on screen. A paint's report
 * comes when the frame was presented; a script fetched at the end of the frame that draws the
 * pictures (the next paint) would still start before the screen shows them. Browsers that report
 * neither get the next paint.
 */
function presented(pictures: HTMLImageElement[]): Promise<void> {
  if (!reports('paint') || !reports('element')) return afterNextPaint();
  const waiting = new Set<Element>(pictures);
  const painted = Promise.all([
    entriesUntil('paint', (entries) =>
      entries.some((entry) => entry.name === 'first-contentful-paint'),
    ),
    waiting.size === 0 ||
      entriesUntil('element', (entries) => {
        for (const entry of entries as ElementPaint[])
          if (entry.element) waiting.delete(entry.element);
        return waiting.size === 0;
      }),
  ]);
  const limit = new Promise((resolve) => setTimeout(resolve, PAINT_REPORT_LIMIT_MS));
  return Promise.race([painted, limit]).then(() => undefined);
}

async function startAfterFirstView(): Promise<void> {
  const firstPictures = Array.from(
    document.querySelectorAll<HTMLImageElement>('img[loading="eager"]'),
  );
  const loadedPictures = await Promise.all(
    firstPictures.map(async (image) => ((await loaded(image)) ? [image] : [])),
  );
  // Element Timing reports only what is drawn: a picture out of view (the gallery's first row
  // below a phone's fold) would never be reported.
  await presented(loadedPictures.flat().filter(inView));
  await startApp();
}

const serverRendered = document.getElementById('render-data') !== null;
void (serverRendered ? startAfterFirstView() : startApp());
