import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderGiftCard } from '@pictura/contract';
import { CopyableCode } from '../../../components/copyable-code';
import linkButton from '../../../components/link-button.module.css';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { useGiftCardCodes } from '../api/get-gift-card-codes';
import styles from './orders.module.css';

interface GiftCardCodeProps {
  orderId: number;
  card: OrderGiftCard;
  /** The card's place among its order's cards: the codes come in the same order. */
  index: number;
}

/**
 * A bought gift card in the order history: amount, state and the hint of its code. While the card
 * is unredeemed its owner can show the full code (fetched only on that press, never part of the
 * list) and copy it, as often as needed.
 */
export function GiftCardCode({ orderId, card, index }: GiftCardCodeProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [shown, setShown] = useState(false);
  const codes = useGiftCardCodes(orderId, shown && card.codeAvailable);
  const code = codes.data?.[index]?.code;

  return (
    <div className={styles.giftCard}>
      <p className={styles.note}>
        {t('orders.giftCard', { amount: format.price(card.amount) })}
        {card.redeemed ? ` · ${t('orders.redeemed')}` : ''}
        {card.voided ? ` · ${t('orders.voided')}` : ''}
      </p>
      {card.codeHint ? (
        <p className={styles.note}>{t('orders.codeHint', { hint: card.codeHint })}</p>
      ) : (
        <p className={styles.note}>{t('orders.codeAfterPayment')}</p>
      )}
      {card.codeAvailable ? (
        <div className={styles.actions}>
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={shown}
            onClick={() => setShown(!shown)}
          >
            {shown ? t('orders.hideCode') : t('orders.showCode')}
          </button>
        </div>
      ) : null}
      {shown && card.codeAvailable ? (
        codes.isPending ? (
          <p className={styles.note} role="status">
            {t('orders.codeLoading')}
          </p>
        ) : codes.isError ? (
          <div role="alert">
            <p className={styles.alert}>{apiErrorText(codes.error, t)}</p>
            <button
              type="button"
              className={linkButton.button}
              onClick={() => void codes.refetch()}
            >
              {t('orders.retry')}
            </button>
          </div>
        ) : code ? (
          <CopyableCode code={code} copyLabel={t('orders.copy')} />
        ) : (
          <p className={styles.note}>{t('orders.codeGone')}</p>
        )
      ) : null}
    </div>
  );
}
