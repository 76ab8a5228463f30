import { useTranslation } from 'react-i18next';
import { useGenerationPrices } from '../api/get-generation-prices';
import styles from './create-form.module.css';

/**
 * Says plainly when pictures come from the offline demo generator, as the price list names it; a
 * remote image model needs no notice.
 */
export function GeneratorNotice() {
  const { t } = useTranslation();
  const prices = useGenerationPrices();
  if (prices.data?.generator !== 'procedural') return null;
  return (
    <aside className={styles.notice} aria-labelledby="generator-notice-heading">
      <h2 id="generator-notice-heading" className={styles.noticeHeading}>
        {t('create.notice.heading')}
      </h2>
      <p className={styles.noticeText}>{t('create.notice.procedural')}</p>
    </aside>
  );
}
