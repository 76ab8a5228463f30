import { useTranslation } from 'react-i18next';
import {
  GENERATION_COUNT_MAX,
  GENERATION_QUALITIES,
  type Currency,
  type GenerationPriceList,
} from '@pictura/contract';
import { useFormat } from '../../../lib/format';
import { priceOf } from '../api/get-generation-prices';
import styles from './create-form.module.css';

const COUNTS = Array.from({ length: GENERATION_COUNT_MAX }, (_, index) => index + 1);

/** Every price of the list in the active currency: one row per number of pictures, one column per size. */
export function PriceList({ list, currency }: { list: GenerationPriceList; currency: Currency }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{t('create.prices.caption', { currency })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('create.prices.count')}</th>
            {GENERATION_QUALITIES.map((quality) => (
              <th key={quality} scope="col" className={styles.number}>
                {t(`create.form.sizes.${quality}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COUNTS.map((count) => (
            <tr key={count}>
              <th scope="row">{t('create.job.count', { count })}</th>
              {GENERATION_QUALITIES.map((quality) => {
                const price = priceOf(list, quality, count, currency);
                return (
                  <td key={quality} className={styles.number}>
                    {price === null ? '—' : format.price({ amount: price, currency })}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
