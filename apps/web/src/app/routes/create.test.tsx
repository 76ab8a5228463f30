// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPathTo, apiPaths, GENERATION_MESSAGES, type GenerationJob } from '@pictura/contract';
import {
  installFakeMoneyApi,
  json,
  type FakeMoneyApi,
} from '../../features/checkout/testing/fake-money-api';
import {
  doneJob,
  fakeEventStream,
  job,
  JOB_ID,
  list,
  PRICE_LIST,
  type FakeEventStream,
} from '../../features/create/testing/fake-generation';
import { apiClient } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import { clearTokens, setTokens } from '../../lib/session';
import { installTokenRefresh } from '../../lib/token-refresh';
import { errorOf } from '../../test/forms';
import { renderApp, type RenderedApp, termsAndDefinitions } from '../../test/render-app';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;
let api: FakeMoneyApi;
let jobs: GenerationJob[];
let saved: string[];

beforeEach(() => {
  setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  api = installFakeMoneyApi();
  jobs = [];
  saved = [];
  api.on(`GET ${apiPaths.generatedImagesPrices}`, () => json(200, PRICE_LIST));
  api.on(`GET ${apiPaths.generatedImages}`, () => json(200, list(jobs)));
  // jsdom has no object URLs and does not download: record what the page hands to the browser.
  let blobs = 0;
  Object.assign(URL, {
    createObjectURL: vi.fn(() => `blob:picture-${++blobs}`),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (this.download) saved.push(this.download);
  });
});

afterEach(() => {
  app?.unmount();
  app = undefined;
  clearTokens();
  apiClient.setTokenRefresher(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function open(): Promise<HTMLElement> {
  app = await renderApp('/create');
  return within(app.container).getByRole('main');
}

async function typePrompt(main: HTMLElement, text: string): Promise<void> {
  const prompt = within(main).getByLabelText('Prompt');
  await user.clear(prompt);
  await user.type(prompt, text);
}

const group = (main: HTMLElement, legend: string) =>
  within(main).getByRole('group', { name: legend });

/** The radio button of a choice group or style chip, by the start of its label. */
const radio = (main: HTMLElement, legend: string, label: string) =>
  within(group(main, legend)).getByRole('radio', { name: new RegExp(`^${label}`) });

/** The definition given for `term` in the page's description lists. */
const described = (main: HTMLElement, term: string) => {
  const list = termsAndDefinitions(main);
  const at = list.indexOf(term);
  return at === -1 ? undefined : list[at + 1];
};
const priceShown = (main: HTMLElement) => described(main, 'Price');
const balanceShown = (main: HTMLElement) => described(main, 'Your balance');
const card = (main: HTMLElement) => within(main).queryAllByRole('article')[0];
const progressOf = (main: HTMLElement) =>
  within(card(main)!).queryByRole('progressbar')?.getAttribute('aria-valuenow');
const statusOf = (main: HTMLElement) =>
  within(card(main)!).queryAllByRole('status')[0]?.textContent;
const generate = (main: HTMLElement) =>
  user.click(within(main).getByRole('button', { name: 'Generate' }));
const links = (main: HTMLElement) =>
  within(main)
    .queryAllByRole('link')
    .map((link) => link.getAttribute('href'));

/** Answers the progress stream of JOB_ID with a fresh fake stream per request. */
function streamEvents(): FakeEventStream[] {
  const streams: FakeEventStream[] = [];
  api.on(`GET ${apiPathTo.generatedImageEvents(JOB_ID)}`, () => {
    const stream = fakeEventStream();
    streams.push(stream);
    return stream.response;
  });
  return streams;
}

function answerPictures(): void {
  for (const n of [1, 2]) {
    api.on(
      `GET ${apiPathTo.generatedImagePreview(JOB_ID, n)}`,
      () => new Response('webp', { status: 200, headers: { 'Content-Type': 'image/webp' } }),
    );
    api.on(
      `GET ${apiPathTo.generatedImageDownload(JOB_ID, n)}`,
      () =>
        new Response('jpeg', {
          status: 200,
          headers: {
            'Content-Type': 'image/jpeg',
            'Content-Disposition': `attachment; filename="pictura-${n}.jpg"`,
          },
        }),
    );
  }
}

describe('/create for a visitor', () => {
  beforeEach(() => clearTokens());

  it('shows the price list and the live price, and asks to sign in to generate', async () => {
    const main = await open();
    const table = (await within(main).findByRole('table')).textContent;
    expect(table).toContain('€1.99');
    expect(table).toContain('€13.99');
    expect(table).not.toContain('$');
    expect(priceShown(main)).toBe('€1.99');

    await user.click(radio(main, 'Number of pictures', '3'));
    expect(priceShown(main)).toBe('€5.49');
    await user.click(radio(main, 'Size', 'Large'));
    expect(priceShown(main)).toBe('€10.99');

    const login = within(main).getByRole('link', { name: 'Log in to generate' });
    expect(login.getAttribute('href')).toBe('/login?returnUrl=%2Fcreate');
    expect(within(main).queryByRole('button', { name: 'Generate' })).toBeNull();
    expect(balanceShown(main)).toBeUndefined();
    expect(api.callsTo(apiPaths.balance)).toEqual([]);
    expect(api.callsTo(apiPaths.generatedImages)).toEqual([]);
  });

  it('says plainly when the offline demo generator paints, and nothing for a real one', async () => {
    const main = await open();
    await waitFor(() => expect(priceShown(main)).toBe('€1.99'));
    expect(main.textContent).not.toContain('Demo generator');
    app?.unmount();

    api.on(`GET ${apiPaths.generatedImagesPrices}`, () =>
      json(200, { ...PRICE_LIST, generator: 'procedural' }),
    );
    const again = await open();
    await waitFor(() => expect(again.textContent).toContain('Demo generator'));
    expect(within(again).getByRole('complementary').textContent).toContain('not by an AI model');
  });
});

describe('/create for a signed-in user', () => {
  it('shows the price next to the balance and disables Generate when the balance is too low', async () => {
    api.state.balances.EUR = 300;
    const main = await open();
    await waitFor(() => expect(balanceShown(main)).toBe('€3.00'));
    expect(priceShown(main)).toBe('€1.99');
    expect(within(main).getByRole('button', { name: 'Generate' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(links(main)).not.toContain('/wallet');

    await user.click(radio(main, 'Number of pictures', '2'));
    expect(priceShown(main)).toBe('€3.79');
    expect(within(main).getByRole('button', { name: 'Generate' })).toHaveProperty('disabled', true);
    const topUp = within(main).getByRole('link', { name: 'Top up your balance' });
    expect(topUp.getAttribute('href')).toBe('/wallet');
    expect(topUp.parentElement?.textContent).toContain('Your balance is too low');
  });

  it('submits the request, then follows the job through its event stream to its pictures', async () => {
    answerPictures();
    const streams = streamEvents();
    api.on(`POST ${apiPaths.generatedImages}`, () => {
      jobs = [job()];
      return json(202, { id: JOB_ID, status: 'queued' });
    });
    const main = await open();
    await waitFor(() => expect(main.textContent).toContain('Nothing generated yet'));
    await typePrompt(main, '  A lighthouse at dusk ');
    await user.click(radio(main, 'Style', 'Vintage'));
    await user.click(radio(main, 'Number of pictures', '2'));
    await generate(main);

    const [post] = api.callsTo(apiPaths.generatedImages, 'POST');
    expect(post?.body).toEqual({
      prompt: 'A lighthouse at dusk',
      negativePrompt: '',
      style: 'Vintage',
      orientation: 'Horizontal',
      quality: 'standard',
      count: 2,
      currency: 'EUR',
    });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(within(card(main)!).getByRole('heading', { level: 3 }).textContent).toBe(
        jobs[0]?.prompt,
      ),
    );
    expect(main.textContent).toContain('Your generation has started.');
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0]!;
    expect(api.callsTo(apiPathTo.generatedImageEvents(JOB_ID))[0]?.headers.get('Accept')).toBe(
      'text/event-stream',
    );

    stream.send({ type: 'queued', id: JOB_ID, position: 2 });
    await waitFor(() => expect(statusOf(main)).toBe('Waiting in line (position 2)…'));
    expect(progressOf(main)).toBeNull();
    stream.send({ type: 'running', id: JOB_ID, percent: 40 });
    stream.heartbeat();
    await waitFor(() => expect(progressOf(main)).toBe('40'));
    expect(statusOf(main)).toBe('Painting your pictures…');

    stream.send({ type: 'done', id: JOB_ID, job: doneJob() });
    await waitFor(() => expect(progressOf(main)).toBe('100'));
    expect(statusOf(main)).toBe('Done');
    const images = () => within(card(main)!).queryAllByRole('img');
    await waitFor(() =>
      expect(images().map((img) => img.getAttribute('src'))).toEqual([
        'blob:picture-1',
        'blob:picture-2',
      ]),
    );
    expect(images()[0]?.getAttribute('alt')).toBe('Picture 1 of 2: A lighthouse at dusk');
    const [preview] = api.callsTo(apiPathTo.generatedImagePreview(JOB_ID, 1));
    expect(preview?.headers.get('Authorization')).toBe('Bearer access-1');

    await user.click(within(card(main)!).getByRole('button', { name: 'Download picture 2' }));
    await waitFor(() => expect(saved).toEqual(['pictura-2.jpg']));
    // Once when the page opened, after the hold, and when the job ended.
    expect(api.callsTo(apiPaths.balance).length).toBeGreaterThanOrEqual(3);
  });

  it('falls back to polling the job when the stream breaks, and shows the pictures it finds', async () => {
    answerPictures();
    jobs = [job({ status: 'running', progress: 10, queuePosition: null })];
    const streams = streamEvents();
    api.on(`GET ${apiPathTo.generatedImage(JOB_ID)}`, () => json(200, doneJob()));
    const main = await open();
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(progressOf(main)).toBe('10');
    streams[0]!.send({ type: 'running', id: JOB_ID, percent: 30 });
    await waitFor(() => expect(progressOf(main)).toBe('30'));

    streams[0]!.fail();
    await waitFor(() => expect(statusOf(main)).toBe('Done'));
    expect(api.callsTo(apiPathTo.generatedImage(JOB_ID))).toHaveLength(1);
    const pictures = () =>
      within(card(main)!)
        .queryAllByRole('img')
        .filter((img) => img.getAttribute('src')?.startsWith('blob:'));
    await waitFor(() => expect(pictures()).toHaveLength(2));
  });

  it('refreshes the token when the stream answers 401, then opens it again', async () => {
    installTokenRefresh(() => undefined);
    jobs = [job({ status: 'running', progress: 5, queuePosition: null })];
    let first = true;
    const stream = fakeEventStream();
    api.on(`GET ${apiPathTo.generatedImageEvents(JOB_ID)}`, () => {
      if (!first) return stream.response;
      first = false;
      return json(401, {});
    });
    api.on(`POST ${apiPaths.accountsRefresh}`, () =>
      json(200, { accessToken: 'access-2', refreshToken: 'refresh-2' }),
    );
    const main = await open();
    await waitFor(() =>
      expect(api.callsTo(apiPathTo.generatedImageEvents(JOB_ID))).toHaveLength(2),
    );
    const [, retried] = api.callsTo(apiPathTo.generatedImageEvents(JOB_ID));
    expect(retried?.headers.get('Authorization')).toBe('Bearer access-2');
    stream.send({ type: 'running', id: JOB_ID, percent: 55 });
    await waitFor(() => expect(progressOf(main)).toBe('55'));
    expect(api.callsTo(apiPathTo.generatedImage(JOB_ID))).toEqual([]);
  });

  it('shows what was wrong: the prompt before sending, the server’s field errors after', async () => {
    api.on(`POST ${apiPaths.generatedImages}`, () =>
      json(400, { errors: { count: 'Your balance is too low for this.' } }),
    );
    const main = await open();
    await waitFor(() => expect(balanceShown(main)).toBe('€20.00'));
    await typePrompt(main, 'ab');
    await generate(main);
    await waitFor(() =>
      expect(errorOf(within(main).getByLabelText('Prompt'))).toBe('Use at least 3 characters.'),
    );
    expect(api.callsTo(apiPaths.generatedImages, 'POST')).toEqual([]);

    await typePrompt(main, 'A quiet harbour');
    await generate(main);
    await waitFor(() =>
      expect(errorOf(group(main, 'Number of pictures'))).toBe('Your balance is too low for this.'),
    );
    expect(errorOf(within(main).getByLabelText('Prompt'))).toBeNull();
    expect(main.textContent).not.toContain('Your generation has started.');
  });

  it('cancels a job that still waits, and says the price was given back', async () => {
    jobs = [job()];
    const streams = streamEvents();
    api.on(`POST ${apiPathTo.generatedImageCancel(JOB_ID)}`, () =>
      json(200, job({ status: 'cancelled', queuePosition: null, error: 'Cancelled.' })),
    );
    const main = await open();
    await waitFor(() => expect(streams).toHaveLength(1));
    await waitFor(() => expect(statusOf(main)).toBe('Next in line…'));
    await user.click(within(main).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(statusOf(main)).toBe('Cancelled. The price was given back to your balance.'),
    );
    expect(within(card(main)!).queryByRole('progressbar')).toBeNull();
    expect(within(main).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it("shows why a generation failed in the reader's language", async () => {
    jobs = [job({ status: 'failed', queuePosition: null, error: GENERATION_MESSAGES.timedOut })];
    const main = await open();
    await waitFor(() => expect(card(main)?.textContent).toContain(GENERATION_MESSAGES.timedOut));
    try {
      await act(() => i18n.changeLanguage('es'));
      await waitFor(() =>
        expect(card(main)?.textContent).toContain(
          'Las imágenes tardaron demasiado en crearse. El importe se ha devuelto a tu saldo.',
        ),
      );
      expect(card(main)?.textContent).not.toContain(GENERATION_MESSAGES.timedOut);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
