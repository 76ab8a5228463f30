import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OFFER_ATTRIBUTE_KINDS, paths, type Order } from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { GiftCardCode } from './gift-card-code';
import { OrderReceipt } from './order-receipt';
import styles from './orders.module.css';

export interface PayAgain {
  pay: (orderId: number) => void;
  /** The order-processing flag: on while any payment is being started. */
  processing: boolean;
  failure: { orderId: number; error: unknown } | null;
}

/** Known variants are named in the active language; another kind keeps the server's name. */
function useKindName() {
  const { t } = useTranslation();
  return (kind: string) => {
    const known = OFFER_ATTRIBUTE_KINDS.find((candidate) => candidate === kind);
    return known ? t(`picture.variants.${known}.name`) : kind;
  };
}

/** One order: status, what was bought, how it was paid, and a way to pay it if it is not yet. */
export function OrderCard({ order, payAgain }: { order: Order; payAgain: PayAgain }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const kindName = useKindName();
  const money = (amount: number) => format.price({ amount, currency: order.currency });
  const headingId = `order-${order.id}-heading`;
  const canPay = order.status === 'pending' || order.status === 'failed';
  const failure = payAgain.failure?.orderId === order.id ? payAgain.failure.error : null;

  return (
    <li>
      <article className={styles.order} aria-labelledby={headingId}>
        <div className={styles.head}>
          <div>
            <h2 id={headingId} className={styles.title}>
              {t('orders.orderNumber', { id: order.id })}
            </h2>
            <p className={styles.date}>{format.date(order.createdAt)}</p>
          </div>
          <span className={`${styles.badge} ${styles[order.status]}`}>
            {t(`orders.status.${order.status}`)}
          </span>
        </div>
        {order.items.length > 0 ? (
          <ul className={styles.items} aria-label={t('orders.itemsLabel')}>
            {order.items.map((item) => (
              <li key={item.offerAttributeId} className={styles.item}>
                <span className={styles.itemText}>
                  <Link to={paths.picture(item.urlName)}>{item.title}</Link>{' '}
                  <span className={styles.kind}>· {kindName(item.kind)}</span>
                </span>
                <span className={styles.price}>{format.price(item.price)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {order.giftCards.map((card, index) => (
          <GiftCardCode key={index} orderId={order.id} card={card} index={index} />
        ))}
        <dl className={styles.totals}>
          <div className={styles.grand}>
            <dt>{t('orders.total')}</dt>
            <dd>{money(order.total)}</dd>
          </div>
          {order.paidByBalance > 0 ? (
            <div>
              <dt>{t('orders.paidByBalance')}</dt>
              <dd>{money(order.paidByBalance)}</dd>
            </div>
          ) : null}
          {order.paidByPayment > 0 ? (
            <div>
              <dt>{t('orders.paidByPayment')}</dt>
              <dd>{money(order.paidByPayment)}</dd>
            </div>
          ) : null}
        </dl>
        {order.receiptNumber !== null ? (
          <OrderReceipt
            orderId={order.id}
            receiptNumber={order.receiptNumber}
            describedBy={headingId}
          />
        ) : null}
        {order.status === 'pending' && order.expiresAt ? (
          <p className={styles.note}>
            {t('orders.payBefore', { time: formatTime(order.expiresAt, currentLocale(i18n)) })}
          </p>
        ) : null}
        {order.status === 'failed' ? <p className={styles.note}>{t('orders.failedNote')}</p> : null}
        {canPay ? (
          <div className={styles.actions}>
            <button
              type="button"
              className="button button--primary"
              disabled={payAgain.processing}
              aria-describedby={headingId}
              onClick={() => payAgain.pay(order.id)}
            >
              {payAgain.processing
                ? t('orders.paying')
                : order.status === 'pending'
                  ? t('orders.payNow')
                  : t('orders.tryAgain')}
            </button>
            {failure ? (
              <p className={styles.alert} role="alert">
                {apiErrorText(failure, t)}
              </p>
            ) : null}
          </div>
        ) : null}
      </article>
    </li>
  );
}

/** The time of day a pending order expires, as the active language writes it. */
function formatTime(value: string, locale: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(date);
}
