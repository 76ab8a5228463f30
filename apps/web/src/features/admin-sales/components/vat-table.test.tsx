// @vitest-environment jsdom
import { cleanup, render as renderElement, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { VatSalesRow } from '@pictura/contract';
import { i18n } from '../../../lib/i18n';
import { setupI18n } from '../../../test/render-app';
import { VatTable } from './vat-table';

// Vitest runs without globals, so Testing Library does not clean up by itself.
afterEach(cleanup);

const ROWS: VatSalesRow[] = [
  {
    month: '2026-01',
    country: 'DE',
    kind: 'artwork',
    rate: 1900,
    currency: 'EUR',
    gross: 900,
    vat: 144,
    lines: 1,
  },
  {
    month: '2026-01',
    country: 'FI',
    kind: 'artwork',
    rate: 2550,
    currency: 'EUR',
    gross: 1255,
    vat: 255,
    lines: 2,
  },
  {
    month: '2026-01',
    country: 'FI',
    kind: 'generation',
    rate: 2550,
    currency: 'EUR',
    gross: 549,
    vat: 112,
    lines: 1,
  },
];

async function render(language: string, rows: VatSalesRow[]): Promise<HTMLElement> {
  await setupI18n();
  await act(() => i18n.changeLanguage(language));
  return renderElement(<VatTable rows={rows} />).container;
}

/** Each body row's header and data cells, in reading order (the header row has neither). */
const cells = (element: HTMLElement) =>
  within(element)
    .getAllByRole('row')
    .map((row) =>
      [...within(row).queryAllByRole('rowheader'), ...within(row).queryAllByRole('cell')]
        .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
        .map((cell) => cell.textContent),
    )
    .filter((row) => row.length > 0);
const title = (element: HTMLElement) =>
  within(element).getByRole('heading', { level: 2 }).textContent;

describe('VAT per country and month', () => {
  it('lists month, country, kind of supply, rate, lines, sales and VAT in English', async () => {
    const table = await render('en', ROWS);
    expect(title(table)).toBe('VAT per country and month');
    expect(cells(table)).toEqual([
      ['January 2026', 'Germany (DE)', 'Artwork', '19%', '1', '€9.00', '€1.44'],
      ['January 2026', 'Finland (FI)', 'Artwork', '25.5%', '2', '€12.55', '€2.55'],
      ['January 2026', 'Finland (FI)', 'Image generation', '25.5%', '1', '€5.49', '€1.12'],
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Month', 'Country', 'Supply', 'Rate', 'Lines', 'Sales (VAT included)', 'VAT']);
  });

  it('speaks Spanish and Japanese, and says when there is no VAT', async () => {
    const spanish = await render('es', ROWS);
    expect(title(spanish)).toBe('IVA por país y mes');
    expect(cells(spanish)[1]?.slice(1, 4)).toEqual(['Finlandia (FI)', 'Obras', '25,5\u00a0%']);
    expect(cells(spanish)[2]?.[2]).toBe('Generación de imágenes');
    cleanup();

    const japaneseRows = await render('ja', ROWS);
    expect(cells(japaneseRows).map((row) => row[2])).toEqual(['作品', '作品', '画像生成']);
    cleanup();

    const japanese = await render('ja', []);
    expect(title(japanese)).toBe('国別・月別の VAT');
    expect(japanese.textContent).toContain('この期間の VAT はありません。');
    expect(within(japanese).queryByRole('table')).toBeNull();
  });
});
