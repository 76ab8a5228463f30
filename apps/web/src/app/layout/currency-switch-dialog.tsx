import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@pictura/contract';
import styles from './currency-switch-dialog.module.css';

interface CurrencySwitchDialogProps {
  next: Currency;
  /** Lines in the cart (items and the gift card) that the switch would remove. */
  cartCount: number;
  onConfirm: () => void;
  /** Runs when the dialog closes either way (after onConfirm too). */
  onClose: () => void;
}

/**
 * Asks before a currency switch empties a non-empty cart (docs/product/browser.md#currency). A
 * modal <dialog>: focus stays inside, Escape cancels, and on closing the browser gives focus back
 * to the currency select. Cancel is focused first, so Enter by habit keeps the cart. It is rendered
 * into the body, because the folded header menu holding the select is hidden when that menu closes,
 * and its Escape must end only the dialog, not also fold the menu away from the select it returns
 * to.
 */
export function CurrencySwitchDialog({
  next,
  cartCount,
  onConfirm,
  onClose,
}: CurrencySwitchDialogProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  return createPortal(
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.stopPropagation();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {t('currency.confirm.title', { currency: t(`currency.${next}`) })}
      </h2>
      <p id={textId} className={styles.text}>
        {t('currency.confirm.cartEmptied', { count: cartCount })}
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className="button button--secondary"
          autoFocus
          onClick={() => dialog.current?.close()}
        >
          {t('currency.confirm.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            onConfirm();
            dialog.current?.close();
          }}
        >
          {t('currency.confirm.switch', { currency: next })}
        </button>
      </div>
    </dialog>,
    document.body,
  );
}
