import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@pictura/contract';
import { CopyableCode } from '../../../components/copyable-code';
import stateBox from '../../../components/state-box.module.css';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { useGiftCardCodes } from '../api/get-gift-card-codes';
import styles from './orders.module.css';

/**
 * The gift cards of a paid order in full, for its payment result: each code with a copy button,
 * and where else the buyer finds it (the mail, and the order history until it is redeemed).
 * Nothing when the order has no card.
 */
export function OrderGiftCardCodes({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const codes = useGiftCardCodes(orderId, true);

  if (codes.isPending) {
    return (
      <p className={styles.note} role="status">
        {t('orders.codeLoading')}
      </p>
    );
  }
  if (codes.isError) {
    return (
      <div className={stateBox.box} role="alert">
        <p className={stateBox.title}>{t('orders.codesLoadFailed')}</p>
        <p className={stateBox.text}>{apiErrorText(codes.error, t)}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void codes.refetch()}
        >
          {t('orders.retry')}
        </button>
      </div>
    );
  }
  if (codes.data.length === 0) return null;
  return (
    <section className={styles.giftCard} aria-labelledby={`order-${orderId}-gift-cards`}>
      <h2 id={`order-${orderId}-gift-cards`} className={styles.title}>
        {t('orders.giftCardsHeading', { count: codes.data.length })}
      </h2>
      {codes.data.map((card) => (
        <div key={card.code} className={styles.giftCardCode}>
          <p className={styles.note}>
            {t('orders.giftCard', { amount: format.price(card.amount) })}
          </p>
          <CopyableCode code={card.code} copyLabel={t('orders.copy')} />
        </div>
      ))}
      <p className={styles.note}>
        {/* The words around the link come whole from the language file, its spaces with them. */}
        {t('orders.codeMailed')}
        <Link to={paths.orderHistory}>{t('orders.findAgain')}</Link>
        {t('orders.codeMailedEnd')}
      </p>
    </section>
  );
}
