import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Money } from '@pictura/contract';
import formStyles from '../../../components/form/form.module.css';
import linkButton from '../../../components/link-button.module.css';
import { useFormat } from '../../../lib/format';
import type { BalanceState } from '../../../lib/api/get-balance';
import styles from './checkout.module.css';

interface PayByBalanceProps {
  balance: BalanceState;
  total: Money;
  payByBalance: boolean;
  registration: UseFormRegisterReturn;
}

/** What the balance pays at most: all of it, up to the total. */
export function balancePart(balance: BalanceState, total: Money, payByBalance: boolean): number {
  if (!payByBalance || balance.status !== 'ready') return 0;
  return Math.min(balance.balance.amount, total.amount);
}

/**
 * The pay-by-balance switch with the balance it would use and what is left to pay by card. It is
 * off and disabled while the balance is unknown or empty.
 */
export function PayByBalance({ balance, total, payByBalance, registration }: PayByBalanceProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const usable = balance.status === 'ready' && balance.balance.amount > 0;
  const fromBalance = balancePart(balance, total, payByBalance);
  const byCard = total.amount - fromBalance;
  const money = (amount: number) => format.price({ amount, currency: total.currency });

  return (
    <fieldset className={styles.fieldset}>
      <legend className={formStyles.legend}>{t('checkout.paymentHeading')}</legend>
      <div className={formStyles.checkbox}>
        <input id={id} type="checkbox" disabled={!usable} {...registration} />
        <label htmlFor={id}>
          {balance.status === 'ready'
            ? t('checkout.payByBalance', { balance: format.price(balance.balance) })
            : t('checkout.payByBalanceUnknown')}
        </label>
      </div>
      {balance.status === 'loading' ? (
        <p className={styles.note}>{t('checkout.balanceLoading')}</p>
      ) : null}
      {balance.status === 'unavailable' ? (
        <p className={styles.note}>
          {t('checkout.balanceUnavailable')}{' '}
          <button type="button" className={linkButton.button} onClick={balance.retry}>
            {t('checkout.retry')}
          </button>
        </p>
      ) : null}
      {balance.status === 'ready' && balance.balance.amount === 0 ? (
        <p className={styles.note}>{t('checkout.balanceEmpty')}</p>
      ) : null}
      <dl className={styles.summary}>
        <div>
          <dt>{t('checkout.total')}</dt>
          <dd>{money(total.amount)}</dd>
        </div>
        <div>
          <dt>{t('checkout.fromBalance')}</dt>
          <dd>{money(fromBalance)}</dd>
        </div>
        <div className={styles.summaryDue}>
          <dt>{t('checkout.byCard')}</dt>
          <dd>{money(byCard)}</dd>
        </div>
      </dl>
    </fieldset>
  );
}
