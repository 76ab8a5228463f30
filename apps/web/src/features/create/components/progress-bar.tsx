import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n';
import styles from './generation.module.css';

interface ProgressBarProps {
  /** 0 to 100; null while nothing can be measured yet (waiting in the queue). */
  percent: number | null;
  label: string;
}

/** A progress bar with its percentage written beside it; the fill width is set through the CSSOM. */
export function ProgressBar({ percent, label }: ProgressBarProps) {
  const { i18n } = useTranslation();
  const text =
    percent === null
      ? null
      : new Intl.NumberFormat(currentLocale(i18n), { style: 'percent' }).format(percent / 100);
  return (
    <div className={styles.progress}>
      <div
        className={`${styles.track} ${percent === null ? styles.indeterminate : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={text ?? undefined}
      >
        <div className={styles.fill} style={{ width: `${percent ?? 100}%` }} />
      </div>
      {text ? (
        <span className={styles.percent} aria-hidden="true">
          {text}
        </span>
      ) : null}
    </div>
  );
}
