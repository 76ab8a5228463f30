import { useTranslation } from 'react-i18next';
import linkButton from '../../../components/link-button.module.css';
import { useFormat } from '../../../lib/format';
import { useBalances } from '../use-balances';
import { DebtNotice } from './debt-notice';
import styles from './wallet.module.css';

/** The balance in each currency, the chosen one first and marked as the one used at checkout. */
export function Balances({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const balances = useBalances();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('wallet.balancesHeading')}
      </h2>
      <DebtNotice />
      <ul className={styles.balances}>
        {balances.map((balance, index) => (
          <li
            key={balance.currency}
            className={`${styles.balance} ${index === 0 ? styles.balanceActive : ''}`}
          >
            <p className={styles.balanceLabel}>
              {t('wallet.balanceIn', { currency: t(`currency.${balance.currency}`) })}
              {index === 0 ? ` · ${t('wallet.activeCurrency')}` : ''}
            </p>
            {balance.data ? (
              <p className={styles.amount}>{format.price(balance.data)}</p>
            ) : balance.isPending || balance.isFetching ? (
              <p className={styles.muted}>{t('wallet.loading')}</p>
            ) : (
              <>
                <p className={styles.muted}>{t('wallet.balanceUnavailable')}</p>
                <button
                  type="button"
                  className={linkButton.button}
                  onClick={() => void balance.refetch()}
                >
                  {t('wallet.retry')}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
