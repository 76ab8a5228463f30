import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import stateBox from '../../../components/state-box.module.css';
import { apiErrorCodeText } from '../../../lib/api-error-code-text';
import styles from './query-states.module.css';

/**
 * A failed load of the catalog: what went wrong (docs/product/messages.md#client-messages) and a
 * way to try again.
 */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.box} role="alert">
      <p className={stateBox.title}>{t('gallery.errorTitle')}</p>
      <p className={stateBox.narrowText}>{apiErrorCodeText(error, t)}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('gallery.retry')}
      </button>
    </div>
  );
}

/** Nothing to show: a title, a hint and an optional way out (such as clearing the filters). */
export function EmptyState({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <div className={styles.box}>
      <span className={styles.icon} aria-hidden="true" />
      <p className={stateBox.title}>{title}</p>
      <p className={stateBox.narrowText}>{text}</p>
      {action}
    </div>
  );
}
