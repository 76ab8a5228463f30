import { useTranslation } from 'react-i18next';
import styles from './test-shop-ribbon.module.css';
import { useTestShop } from './test-shop';

/**
 * A band above the header of every page of a test shop (payments on the sandbox): nobody should
 * mistake it for a shop that delivers, nor type a real card into it. On a phone it says so in one
 * line, so that the page's own first screen (heading, call to action, cookie banner) still fits.
 */
export function TestShopRibbon() {
  const { t } = useTranslation();
  if (!useTestShop()) return null;
  // A landmark of its own, so that a screen reader's list of regions names it too.
  return (
    <aside className={styles.ribbon} aria-label={t('testShop.label')}>
      <p>
        <strong>{t('testShop.label')}</strong>{' '}
        <span className={styles.full}>{t('testShop.text')}</span>
        <span className={styles.brief}>{t('testShop.brief')}</span>
      </p>
    </aside>
  );
}
