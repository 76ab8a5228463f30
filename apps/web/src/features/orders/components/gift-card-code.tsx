import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderGiftCard } from '@pictura/contract';
import { useFormat } from '../../../lib/format';
import styles from './orders.module.css';

/**
 * A bought gift card: its full code the one time the server sends it, with a copy button and the
 * advice to copy it now; afterwards only its hint (the last group), and whether it was redeemed
 * or voided (by its order's refund).
 */
export function GiftCardCode({ card }: { card: OrderGiftCard }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);

  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <div className={styles.giftCard}>
      <p className={styles.note}>
        {t('orders.giftCard', { amount: format.price(card.amount) })}
        {card.redeemed ? ` · ${t('orders.redeemed')}` : ''}
        {card.voided ? ` · ${t('orders.voided')}` : ''}
      </p>
      {card.code ? (
        <>
          <div className={styles.code}>
            <code>{card.code}</code>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void copy(card.code ?? '')}
            >
              {t('orders.copy')}
            </button>
            <span role="status">
              {copied === 'copied' ? t('orders.copied') : copied ? t('orders.copyFailed') : ''}
            </span>
          </div>
          <p className={styles.warning}>{t('orders.copyNow')}</p>
        </>
      ) : card.codeHint ? (
        <p className={styles.note}>{t('orders.codeHint', { hint: card.codeHint })}</p>
      ) : (
        <p className={styles.note}>{t('orders.codeAfterPayment')}</p>
      )}
    </div>
  );
}
