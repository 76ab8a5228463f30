import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { apiPaths, ContentCredentialsSchema, type Locale } from '@pictura/contract';
import { expect as baseExpect, test, useLocale } from './fixtures';
import { searchApi, tabTo } from './gallery-catalog';

// The panel reads the picture's signed preview on the server: on a busy two-core machine the first
// read (loading the reader, perhaps making the preview) can take a while.
const expect = baseExpect.configure({ timeout: 20_000 });

// What each language calls the mark's button, and how the demo catalog's pictures read in it.
const WORDS: Record<Locale, { toggle: string; source: RegExp; signer: RegExp }> = {
  en: {
    toggle: 'Content Credentials',
    source: /^AI-generated/,
    signer: /^Pictura content credentials \(the shop\)/,
  },
  es: {
    toggle: 'Credenciales de contenido',
    source: /^Generada por IA/,
    signer: /^Pictura content credentials \(la tienda\)/,
  },
  ja: {
    toggle: 'コンテンツクレデンシャル',
    source: /^AI 生成/,
    signer: /^Pictura content credentials（ショップ）/,
  },
};

/**
 * The newest picture the demo catalog painted: other journeys upload pictures of their own (made
 * by no recorded generator, edited by a person), which read otherwise.
 */
async function newestDemoPicture(request: APIRequestContext): Promise<string> {
  for (const offer of (await searchApi(request, { PageSize: 20 })).items) {
    const answer = await request.get(
      `${apiPaths.offerContentCredentials}?UrlName=${encodeURIComponent(offer.urlName)}`,
    );
    if (!answer.ok()) continue;
    const credentials = ContentCredentialsSchema.parse(await answer.json());
    if (credentials.generator === 'Pictura procedural') return offer.urlName;
  }
  throw new Error('no picture of the demo catalog among the newest 20');
}

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

for (const locale of ['en', 'es', 'ja'] as const) {
  test(`the picture page's Content Credentials open from the keyboard and read in ${locale}, axe clean at 390 and 1280 px`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.slow();
    const urlName = await newestDemoPicture(request);
    await useLocale(page, locale, baseURL!);
    const words = WORDS[locale];
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(`/gallery/picture/${urlName}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      // The browser's own disclosure: a <summary> in a <details>, in the server's HTML.
      const toggle = page.locator('summary').filter({ hasText: words.toggle });
      const details = page.locator('details').filter({ has: toggle });
      await expect(details).not.toHaveAttribute('open');

      await tabTo(page, toggle, 120);
      await page.keyboard.press('Enter');

      await expect(details).toHaveAttribute('open', '');
      await expect(details.getByText(words.source)).toBeVisible();
      // The demo catalog's pictures are painted by the procedural generator and signed by the shop.
      await expect(details.getByText('Pictura procedural')).toBeVisible();
      await expect(details.getByText(words.signer)).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(blocking.map((violation) => `${viewport.width}px: ${violation.id}`)).toEqual([]);

      // The same key closes it again.
      await page.keyboard.press('Enter');
      await expect(details).not.toHaveAttribute('open');
      await expect(details.getByText(words.source)).toBeHidden();
    }
  });
}
