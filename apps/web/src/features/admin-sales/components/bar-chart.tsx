import { useId } from 'react';
import styles from './admin-sales.module.css';

export interface BarChartProps {
  /** The chart's name for screen readers and its visible heading. */
  title: string;
  /** A sentence with what the chart shows (total, best day): read instead of the bars. */
  summary: string;
  /** One bar per entry, in order. */
  bars: ReadonlyArray<{ label: string; value: number }>;
  /** How a value is written (axis and tooltips). */
  format: (value: number) => string;
}

const WIDTH = 600;
const HEIGHT = 200;
const AXIS = 24;

/**
 * A plain SVG bar chart. To assistive technology it is one image named by its title and summary;
 * the exact figures are in the table beside it, which every reader can use.
 */
export function BarChart({ title, summary, bars, format }: BarChartProps) {
  const id = useId();
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const slot = bars.length > 0 ? WIDTH / bars.length : WIDTH;
  const barWidth = Math.max(1, slot * 0.7);
  const plotHeight = HEIGHT - AXIS;
  const height = (value: number) => (max > 0 ? (value / max) * (plotHeight - 16) : 0);

  return (
    <figure className={styles.chart}>
      <figcaption id={`${id}-title`} className={styles.chartTitle}>
        {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-summary`}
        className={styles.svg}
        preserveAspectRatio="none"
      >
        <desc id={`${id}-summary`}>{summary}</desc>
        <line x1={0} x2={WIDTH} y1={plotHeight} y2={plotHeight} className={styles.axis} />
        {bars.map((bar, index) => (
          <rect
            key={bar.label}
            x={index * slot + (slot - barWidth) / 2}
            y={plotHeight - height(bar.value)}
            width={barWidth}
            height={height(bar.value)}
            className={styles.bar}
          >
            <title>{`${bar.label}: ${format(bar.value)}`}</title>
          </rect>
        ))}
      </svg>
      <div className={styles.chartScale} aria-hidden="true">
        <span>{bars[0]?.label}</span>
        <span>{format(max)}</span>
        <span>{bars.at(-1)?.label}</span>
      </div>
    </figure>
  );
}
