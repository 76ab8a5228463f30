// The page's entry: what index.html loads. A server-rendered page is complete without the app's
// code, so that code is fetched only once the page is on screen with its first pictures (the ones
// it loads at once rather than lazily: the picture page's preview, the gallery's first row). Until
// then the phone's bandwidth and CPU go to what the visitor sees, and neither the first nor the
// largest paint waits for a script (docs/decisions/rendering.md, "When the code loads"). A page
// the server did not render (index.html alone) shows nothing before the app runs: it loads at once.

const startApp = () => import('./main');

/** Settles when the image has loaded or failed to (a broken picture must not hold the app back). */
function settled(image: HTMLImageElement): Promise<void> {
  if (image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
  });
}

/** Settles after the browser has painted what is in the document now. */
function afterNextPaint(): Promise<void> {
  // A frame callback runs just before a paint; a task queued from it runs after that paint.
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

async function startAfterFirstView(): Promise<void> {
  const firstPictures = document.querySelectorAll<HTMLImageElement>('img[loading="eager"]');
  await Promise.all(Array.from(firstPictures, settled));
  await afterNextPaint();
  await startApp();
}

const serverRendered = document.getElementById('render-data') !== null;
void (serverRendered ? startAfterFirstView() : startApp());
