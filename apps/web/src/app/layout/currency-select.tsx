import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, isOneOf, type Currency } from '@pictura/contract';
import { useCartCount } from '../../features/cart/cart-store';
import { useGiftCardInCart } from '../../features/cart/gift-card-store';
import { setCurrency, useCurrency } from '../../lib/currency';
import styles from './select-field.module.css';

// Asked only when a visitor with a full cart switches currency: its code stays out of every page's
// first view and loads on that choice.
const CurrencySwitchDialog = lazy(() =>
  import('./currency-switch-dialog').then((module) => ({ default: module.CurrencySwitchDialog })),
);

/**
 * EUR/USD. Switching empties the cart (docs/product/browser.md#currency): with an empty cart the
 * switch happens at once; with lines in it, a dialog asks first and the select keeps the old
 * currency until the user confirms.
 */
export function CurrencySelect() {
  const { t } = useTranslation();
  const currency = useCurrency();
  // The gift card is a line of the cart too, and the switch removes it as well.
  const cartCount = useCartCount() + (useGiftCardInCart() ? 1 : 0);
  const [asking, setAsking] = useState<Currency | null>(null);
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
          if (!isOneOf(CURRENCIES, chosen)) return;
          if (cartCount === 0) setCurrency(chosen);
          else setAsking(chosen);
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
      {asking ? (
        <Suspense fallback={null}>
          <CurrencySwitchDialog
            next={asking}
            cartCount={cartCount}
            onConfirm={() => setCurrency(asking)}
            onClose={() => setAsking(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
