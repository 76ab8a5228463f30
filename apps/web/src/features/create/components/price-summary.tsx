import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, type Currency } from '@pictura/contract';
import linkButton from '../../../components/link-button.module.css';
import { useFormat } from '../../../lib/format';
import type { BalanceState } from '../../../lib/api/get-balance';
import styles from './create-form.module.css';

interface PriceSummaryProps {
  currency: Currency;
  /** Minor units for the request as chosen; null while the price list is loading or failed. */
  price: number | null;
  /** Null for a visitor, who has no balance. */
  balance: BalanceState | null;
}

/** The live price of the request beside the balance it is paid from, and a way to top up. */
export function PriceSummary({ currency, price, balance }: PriceSummaryProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const tooLow = isBalanceTooLow(balance, price);
  return (
    <div className={styles.summary}>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>{t('create.form.price')}</dt>
          <dd className={styles.amount} aria-live="polite">
            {price === null ? '—' : format.price({ amount: price, currency })}
          </dd>
        </div>
        {balance ? (
          <div className={styles.figure}>
            <dt>{t('create.form.balance')}</dt>
            <dd className={styles.amount}>
              {balance.status === 'ready' ? (
                format.price(balance.balance)
              ) : balance.status === 'loading' ? (
                <span className={styles.muted}>{t('create.form.balanceLoading')}</span>
              ) : (
                <span className={styles.muted}>
                  {t('create.form.balanceUnavailable')}{' '}
                  <button type="button" className={linkButton.button} onClick={balance.retry}>
                    {t('create.form.retry')}
                  </button>
                </span>
              )}
            </dd>
          </div>
        ) : null}
      </dl>
      {tooLow ? (
        <p className={styles.warning}>
          {t('create.form.tooLow')} <Link to={paths.wallet}>{t('create.form.topUp')}</Link>
        </p>
      ) : null}
    </div>
  );
}

/** Whether the balance is known to be below the price: then Generate is disabled. */
export const isBalanceTooLow = (balance: BalanceState | null, price: number | null): boolean =>
  balance?.status === 'ready' && price !== null && balance.balance.amount < price;
