import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, isOneOf } from '@pictura/contract';
import { setCurrency, useCurrency } from '../../lib/currency';
import styles from './select-field.module.css';

/** EUR/USD. Switching empties the cart (seed-spec section 4), which the hint tells the user. */
export function CurrencySelect() {
  const { t } = useTranslation();
  const currency = useCurrency();
  const id = useId();
  const hintId = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {t('currency.label')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={currency}
        aria-describedby={hintId}
        title={t('currency.hint')}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isOneOf(CURRENCIES, chosen)) setCurrency(chosen);
        }}
      >
        {CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {t(`currency.${code}`)}
          </option>
        ))}
      </select>
      <span id={hintId} className="visually-hidden">
        {t('currency.hint')}
      </span>
    </div>
  );
}
