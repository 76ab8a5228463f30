import { useTranslation } from 'react-i18next';
import type { Currency } from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { useGenerationPrices } from '../api/get-generation-prices';
import { PriceList } from './price-list';
import styles from './generation.module.css';

/** The whole price list in the active currency, for visitors and users alike. */
export function PricesSection({ currency, headingId }: { currency: Currency; headingId: string }) {
  const { t } = useTranslation();
  const prices = useGenerationPrices();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('create.prices.heading')}
      </h2>
      <p className={styles.muted}>{t('create.prices.text')}</p>
      {prices.isPending ? <p role="status">{t('create.prices.loading')}</p> : null}
      {prices.isError ? (
        <div className={styles.box} role="alert">
          <p className={styles.boxTitle}>{t('create.prices.loadFailed')}</p>
          <p className={styles.muted}>{apiErrorText(prices.error, t)}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void prices.refetch()}
          >
            {t('create.retry')}
          </button>
        </div>
      ) : null}
      {prices.data ? <PriceList list={prices.data} currency={currency} /> : null}
    </section>
  );
}
