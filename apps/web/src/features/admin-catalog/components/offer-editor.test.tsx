// @vitest-environment jsdom
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  adminApiPaths,
  apiPaths,
  type AdminCategory,
  type AdminOffer,
  type GenerationJobList,
} from '@pictura/contract';
import { setTokens } from '../../../lib/session';
import { errorOf, fakeApi, json } from '../../../test/forms';
import { renderApp, type RenderedApp } from '../../../test/render-app';
import { ADMIN_PROFILE, ADMIN_TWO_STEP, resetSession } from '../../../test/session';

const user = userEvent.setup({ delay: null });

let app: RenderedApp | undefined;
afterEach(async () => {
  app?.unmount();
  app = undefined;
  await resetSession();
});

const CATEGORIES: AdminCategory[] = [
  {
    id: 3,
    urlName: 'animals',
    names: { en: 'Animals', es: 'Animales', ja: '動物' },
    position: 0,
    offerCount: 2,
    publishedCount: 1,
  },
];
const JOB_ID = '0b7c6a2e-4f1d-4c1a-9d55-2f7a1c3e9b10';
const GENERATED: GenerationJobList = {
  items: [
    {
      id: JOB_ID,
      prompt: 'Copper kettle',
      negativePrompt: null,
      style: 'Vintage',
      orientation: 'Vertical',
      quality: 'standard',
      count: 1,
      currency: 'EUR',
      price: 199,
      status: 'succeeded',
      progress: 100,
      queuePosition: null,
      error: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      finishedAt: '2026-01-01T00:00:05.000Z',
      pictures: [
        {
          n: 1,
          width: 600,
          height: 900,
          placeholder: 'data:,',
          previewUrl: '/p',
          downloadUrl: '/d',
        },
      ],
    },
  ],
  nextBefore: null,
};
const SAVED: AdminOffer = {
  id: 7,
  urlName: 'copper-kettle',
  title: 'Copper Kettle',
  style: 'Vintage',
  orientation: 'Vertical',
  categoryId: 3,
  categoryUrlName: 'animals',
  published: false,
  minPrices: { EUR: 499, USD: 550 },
  image: { width: 600, height: 900, placeholder: 'data:,', previews: [], share: '/share.jpg' },
  createdAt: '2026-01-01T00:00:00.000Z',
  description: '',
  tags: ['kitchen'],
  prompt: 'Copper kettle',
  digitalSourceType: 'trainedAlgorithmicMedia',
  variants: [{ id: 11, kind: 'standard', prices: { EUR: 499, USD: 550 } }],
};

async function openEditor(createAnswer: () => Response) {
  setTokens({ accessToken: 'admin-token', refreshToken: 'refresh' });
  const calls = fakeApi({
    [apiPaths.accountsProfile]: () => json(200, ADMIN_PROFILE),
    [apiPaths.accountsTwoStep]: () => json(200, ADMIN_TWO_STEP),
    [adminApiPaths.catalogCategories]: () => json(200, CATEGORIES),
    [apiPaths.generatedImages]: () => json(200, GENERATED),
    [adminApiPaths.catalogOffers]: createAnswer,
    [`${adminApiPaths.catalogOffers}/7`]: () => json(200, SAVED),
  });
  app = await renderApp('/admin/catalog/new');
  await waitFor(() => within(app!.container).getByLabelText('Title'));
  return { calls, container: app.container };
}

const posted = (calls: ReturnType<typeof fakeApi>) =>
  calls.filter((call) => call.method === 'POST' && call.path === adminApiPaths.catalogOffers);

async function fillIn(container: HTMLElement) {
  // The generated pictures arrive on their own, after the form is up.
  await waitFor(() =>
    within(container).getByRole('button', { name: '“Copper kettle” #1 (600 × 900)' }),
  );
  await user.click(
    within(container).getByRole('button', { name: '“Copper kettle” #1 (600 × 900)' }),
  );
  await user.clear(within(container).getByLabelText('Title'));
  await user.type(within(container).getByLabelText('Title'), 'Copper Kettle');
  await user.selectOptions(within(container).getByLabelText('Category') as HTMLSelectElement, '3');
  await user.clear(within(container).getByLabelText('Tags'));
  await user.type(within(container).getByLabelText('Tags'), 'Kitchen, ');
  await user.clear(within(container).getByLabelText('Standard download: price in EUR'));
  await user.type(within(container).getByLabelText('Standard download: price in EUR'), '4,99');
  await user.clear(within(container).getByLabelText('Standard download: price in USD'));
  await user.type(within(container).getByLabelText('Standard download: price in USD'), '5.5');
}

describe('offer editor', () => {
  it('checks every field before sending anything and focuses the first problem', async () => {
    const { calls, container } = await openEditor(() => json(200, SAVED));
    await user.clear(within(container).getByLabelText('Standard download: price in EUR'));
    await user.type(within(container).getByLabelText('Standard download: price in EUR'), '4.999');
    await user.clear(within(container).getByLabelText('Standard download: price in USD'));
    await user.type(within(container).getByLabelText('Standard download: price in USD'), '0.10');

    await user.click(within(container).getByRole('button', { name: 'Create offer' }));

    expect(errorOf(within(container).getByLabelText('Title'))).toBe('Fill this in.');
    expect(errorOf(within(container).getByLabelText('Url name'))).toBe('Fill this in.');
    expect(errorOf(within(container).getByLabelText('Category'))).toBe('Choose a category.');
    expect(errorOf(within(container).getByLabelText('Standard download: price in EUR'))).toBe(
      'Enter an amount such as 4.99.',
    );
    expect(errorOf(within(container).getByLabelText('Standard download: price in USD'))).toBe(
      'Enter an amount between 0.50 and 10,000.00.',
    );
    expect(container.textContent).toContain('Upload a picture or pick a generated one.');
    // The picture comes first in the form.
    expect(document.activeElement).toBe(within(container).getByLabelText('Upload a picture'));
    expect(posted(calls)).toEqual([]);
  });

  it('sends the offer with prices in minor units and the picked picture, then opens it', async () => {
    const { calls, container } = await openEditor(() => json(200, SAVED));
    await fillIn(container);
    expect((within(container).getByLabelText('Url name') as HTMLInputElement).value).toBe(
      'copper-kettle',
    );
    // The admin declares the upload edited: every file of it will say it is a composite.
    const declaration = within(container).getByLabelText(
      'What the picture is',
    ) as HTMLSelectElement;
    expect(declaration.value).toBe('trainedAlgorithmicMedia');
    await user.selectOptions(declaration, 'compositeWithTrainedAlgorithmicMedia');

    await user.click(within(container).getByRole('button', { name: 'Create offer' }));

    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]?.body).toEqual({
      title: 'Copper Kettle',
      description: '',
      urlName: 'copper-kettle',
      categoryId: 3,
      style: 'None',
      tags: ['kitchen'],
      digitalSourceType: 'compositeWithTrainedAlgorithmicMedia',
      source: { type: 'generated', jobId: JOB_ID, n: 1 },
      variants: [{ kind: 'standard', prices: { EUR: 499, USD: 550 } }],
    });
    await waitFor(() =>
      expect(app!.router.state.location.pathname).toBe('/admin/catalog/offers/7'),
    );
  });

  it("puts the server's field errors on their fields, prices included", async () => {
    const { container } = await openEditor(() =>
      json(400, {
        errors: {
          urlName: 'This url name is already used.',
          'variants.0.prices.EUR': 'Too small',
        },
      }),
    );
    await fillIn(container);

    await user.click(within(container).getByRole('button', { name: 'Create offer' }));

    await waitFor(() =>
      expect(errorOf(within(container).getByLabelText('Url name'))).toBe(
        'This url name is already used.',
      ),
    );
    expect(errorOf(within(container).getByLabelText('Standard download: price in EUR'))).toBe(
      'Too small',
    );
    expect(
      within(within(container).getByRole('main')).queryAllByRole('alert')[0]?.textContent,
    ).toBe('Check the marked fields.');
  });

  it('edits an offer: the fields, then the variants, dropping one and repricing the other', async () => {
    setTokens({ accessToken: 'admin-token', refreshToken: 'refresh' });
    const withFull: AdminOffer = {
      ...SAVED,
      variants: [...SAVED.variants, { id: 12, kind: 'full', prices: { EUR: 1500, USD: 1600 } }],
    };
    const calls = fakeApi({
      [apiPaths.accountsProfile]: () => json(200, ADMIN_PROFILE),
      [apiPaths.accountsTwoStep]: () => json(200, ADMIN_TWO_STEP),
      [adminApiPaths.catalogCategories]: () => json(200, CATEGORIES),
      [`${adminApiPaths.catalogOffers}/7`]: () => json(200, withFull),
      [`${adminApiPaths.catalogOffers}/7/variants`]: () => json(200, SAVED),
    });
    app = await renderApp('/admin/catalog/offers/7');
    const { container } = app;
    await waitFor(() => within(container).getByLabelText('Title'));
    expect(
      (
        within(container).getByLabelText(
          'Full resolution with commercial licence: price in EUR',
        ) as HTMLInputElement
      ).value,
    ).toBe('15.00');

    await user.clear(within(container).getByLabelText('Title'));
    await user.type(within(container).getByLabelText('Title'), 'Copper Kettle at Dawn');
    await user.clear(within(container).getByLabelText('Standard download: price in EUR'));
    await user.type(within(container).getByLabelText('Standard download: price in EUR'), '3');
    await user.click(
      within(container).getByRole('checkbox', { name: /Full resolution with commercial licence/ }),
    );
    await user.click(within(container).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(
        within(within(container).getByRole('main')).queryAllByRole('status')[0]?.textContent,
      ).toContain('Saved.'),
    );
    const writes = calls.filter((call) => call.method === 'PUT');
    expect(writes.map((call) => call.path)).toEqual([
      `${adminApiPaths.catalogOffers}/7`,
      `${adminApiPaths.catalogOffers}/7/variants`,
    ]);
    expect(writes[0]?.body).toMatchObject({
      title: 'Copper Kettle at Dawn',
      urlName: 'copper-kettle',
    });
    expect(writes[1]?.body).toEqual([{ kind: 'standard', prices: { EUR: 300, USD: 550 } }]);
  });
});
