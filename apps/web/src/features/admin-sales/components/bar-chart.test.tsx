// @vitest-environment jsdom
import { cleanup, render as renderElement, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BarChart, type BarChartProps } from './bar-chart';

let container: HTMLElement;

// Vitest runs without globals, so Testing Library does not clean up by itself.
afterEach(cleanup);

function render(props: Partial<BarChartProps> = {}): HTMLElement {
  ({ container } = renderElement(
    <BarChart
      title="Revenue per day in EUR"
      summary="€12.00 in all; the best day was 2 Mar with €9.00."
      bars={[
        { label: '1 Mar', value: 300 },
        { label: '2 Mar', value: 900 },
        { label: '3 Mar', value: 0 },
      ]}
      format={(value) => `€${(value / 100).toFixed(2)}`}
      {...props}
    />,
  ));
  return container;
}

// The bars are drawn inside one image: no role reaches a <rect>, so their geometry is read from
// the markup.
const bars = (root: HTMLElement) => [...root.querySelectorAll('rect')];
const heights = (root: HTMLElement) =>
  bars(root).map((rect) => Number(rect.getAttribute('height')));

describe('BarChart', () => {
  it('is one image named by its title and summary', () => {
    // Named through aria-labelledby by its title and summary.
    within(render()).getByRole('img', {
      name: 'Revenue per day in EUR €12.00 in all; the best day was 2 Mar with €9.00.',
    });
  });

  it('draws one bar per day, as high as its share of the best day', () => {
    const [first, best, empty] = heights(render());
    expect(best).toBeGreaterThan(0);
    expect(first! / best!).toBeCloseTo(1 / 3);
    expect(empty).toBe(0);
    // Each bar's tooltip: a <title>, shown on hover, inside the image.
    expect(bars(container).map((rect) => rect.firstElementChild?.textContent)).toEqual([
      '1 Mar: €3.00',
      '2 Mar: €9.00',
      '3 Mar: €0.00',
    ]);
  });

  it('draws flat bars and a zero scale for a period without sales', () => {
    const chart = render({
      bars: [
        { label: '1 Mar', value: 0 },
        { label: '2 Mar', value: 0 },
      ],
    });
    expect(heights(chart)).toEqual([0, 0]);
    expect(chart.textContent).toContain('€0.00');
  });
});
