// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { VatSalesRow } from '@pictura/contract';
import { i18n } from '../../../lib/i18n';
import { setupI18n } from '../../../test/render-app';
import { VatTable } from './vat-table';

let root: Root | undefined;
let container: HTMLElement;

afterEach(() => {
  act(() => root?.unmount());
  container.remove();
});

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
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root?.render(<VatTable rows={rows} />));
  return container;
}

const cells = (element: HTMLElement) =>
  [...element.querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
  );

describe('VAT per country and month', () => {
  it('lists month, country, kind of supply, rate, lines, sales and VAT in English', async () => {
    const table = await render('en', ROWS);
    expect(table.querySelector('h2')?.textContent).toBe('VAT per country and month');
    expect(cells(table)).toEqual([
      ['January 2026', 'Germany (DE)', 'Artwork', '19%', '1', '€9.00', '€1.44'],
      ['January 2026', 'Finland (FI)', 'Artwork', '25.5%', '2', '€12.55', '€2.55'],
      ['January 2026', 'Finland (FI)', 'Image generation', '25.5%', '1', '€5.49', '€1.12'],
    ]);
    expect([...table.querySelectorAll('thead th')].map((cell) => cell.textContent)).toEqual([
      'Month',
      'Country',
      'Supply',
      'Rate',
      'Lines',
      'Sales (VAT included)',
      'VAT',
    ]);
  });

  it('speaks Spanish and Japanese, and says when there is no VAT', async () => {
    const spanish = await render('es', ROWS);
    expect(spanish.querySelector('h2')?.textContent).toBe('IVA por país y mes');
    expect(cells(spanish)[1]?.slice(1, 4)).toEqual(['Finlandia (FI)', 'Obras', '25,5\u00a0%']);
    expect(cells(spanish)[2]?.[2]).toBe('Generación de imágenes');
    act(() => root?.unmount());
    container.remove();

    const japaneseRows = await render('ja', ROWS);
    expect(cells(japaneseRows).map((row) => row[2])).toEqual(['作品', '作品', '画像生成']);
    act(() => root?.unmount());
    container.remove();

    const japanese = await render('ja', []);
    expect(japanese.querySelector('h2')?.textContent).toBe('国別・月別の VAT');
    expect(japanese.textContent).toContain('この期間の VAT はありません。');
    expect(japanese.querySelector('table')).toBeNull();
  });
});
