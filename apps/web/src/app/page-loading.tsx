import { useTranslation } from 'react-i18next';
import styles from './page-loading.module.css';

/** Shown while the first page's chunk loads (the router's hydrate fallback). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      {t('app.loading')}
    </div>
  );
}
