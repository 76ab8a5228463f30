// Before the first test: one visit of the shop's main pages in Chromium, so that no test pays the
// cold start of the freshly started server (first queries of the new database, first reads of the
// built files and pictures) or of the browser itself (its first launch reads about 200 MB from
// disk) inside its own time limit. Playwright runs this after its web servers answer. It also sets
// up the admin's two-step sign-in, which the back office asks for (admin-two-step.ts), and waits
// for the short-token server, which starts beside the main one (playwright.config.ts).
import { chromium, type FullConfig } from '@playwright/test';
import { apiPaths, OfferListSchema, paths } from '@pictura/contract';
import { setUpAdminTwoStep } from './admin-two-step';

const WARM_PAGES = [paths.home, paths.gallery, paths.create, paths.login, paths.signUp];
/** As long as Playwright waits for the main server (playwright.config.ts). */
const SERVER_START_TIMEOUT_MS = 300_000;

/** Resolves once the server at `origin` answers its health check; `name` names its log. */
async function serverAnswers(origin: string, name: string): Promise<void> {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  for (;;) {
    const health = await fetch(`${origin}${apiPaths.health}`).catch(() => undefined);
    if (health?.ok) return;
    if (Date.now() > deadline) {
      throw new Error(`${origin} did not answer: see ${process.env.E2E_LOG_DIR}/${name}.log`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export default async function warmUp(config: FullConfig): Promise<void> {
  const { baseURL, launchOptions } = config.projects[0]!.use;
  if (!baseURL) throw new Error('The e2e config has no baseURL');
  const shortTokenUrl = process.env.E2E_SHORT_TOKEN_URL;
  if (!shortTokenUrl) throw new Error('E2E_SHORT_TOKEN_URL is set by playwright.config.ts');
  // Waited for at the end: meanwhile the main server's first visits run.
  const shortTokenServer = serverAnswers(shortTokenUrl, 'short-token-server');
  shortTokenServer.catch(() => undefined);
  const browser = await chromium.launch(launchOptions);
  try {
    const page = await browser.newPage({ baseURL });
    await setUpAdminTwoStep(page.request);
    const latest = await page.request.get(`${apiPaths.offersLatest}?Currency=EUR`);
    const [newest] = OfferListSchema.parse(await latest.json());
    const pages = newest ? [...WARM_PAGES, paths.picture(newest.urlName)] : WARM_PAGES;
    for (const path of pages) {
      await page.goto(path);
      await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    }
  } finally {
    await browser.close();
  }
  await shortTokenServer;
}
