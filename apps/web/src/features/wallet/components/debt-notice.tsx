import { useTranslation } from 'react-i18next';
import linkButton from '../../../components/link-button.module.css';
import { useFormat } from '../../../lib/format';
import { useDebts } from '../api/get-debts';
import styles from './wallet.module.css';

/**
 * What the customer owes after a payment was disputed or refunded at the provider, and
 * how it is paid. Nothing owed shows nothing; while loading nothing either (the usual case is none).
 */
export function DebtNotice() {
  const { t } = useTranslation();
  const format = useFormat();
  const debts = useDebts();
  if (debts.isError) {
    return (
      <p className={styles.muted}>
        {t('wallet.debt.loadFailed')}{' '}
        <button type="button" className={linkButton.button} onClick={() => void debts.refetch()}>
          {t('wallet.retry')}
        </button>
      </p>
    );
  }
  if (!debts.data || debts.data.length === 0) return null;
  return (
    <div className={styles.debt}>
      {debts.data.map((debt) => (
        <p key={debt.currency}>
          <strong>{t('wallet.debt.owed', { amount: format.price(debt) })}</strong>{' '}
          {t('wallet.debt.explain', { currency: t(`currency.${debt.currency}`) })}
        </p>
      ))}
    </div>
  );
}
