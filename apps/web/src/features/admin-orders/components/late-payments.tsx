import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CURRENCIES, type Currency } from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { useLatePayments } from '../api/get-late-payments';
import { CapturedRefundCell } from './refund-captured-button';
import styles from '../../../components/admin/admin-area.module.css';

// The provider reports the currency as text; one we do not sell in is shown as it came.
const isCurrency = (text: string): text is Currency =>
  (CURRENCIES as readonly string[]).includes(text);

/**
 * Money the provider captured that did not become a sale: late payments (refunded automatically),
 * amount mismatches and successes for orders that no longer waited; each refundable in one click.
 */
export function LatePayments({ orderHref }: { orderHref: (orderId: number) => string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useLatePayments();
  const headingId = 'admin-late-payments';

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('admin.orders.late.heading')}
      </h2>
      <p className={styles.muted}>{t('admin.orders.late.intro')}</p>
      {query.isPending ? <p role="status">{t('admin.orders.loading')}</p> : null}
      {query.isError ? (
        <p role="alert" className={styles.alert}>
          {apiErrorText(query.error, t)}
        </p>
      ) : null}
      {query.isSuccess && query.data.length === 0 ? (
        <p className={styles.muted}>{t('admin.orders.late.empty')}</p>
      ) : null}
      {query.isSuccess && query.data.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('admin.orders.late.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.orders.late.received')}</th>
                <th scope="col">{t('admin.orders.late.what')}</th>
                <th scope="col">{t('admin.orders.late.customer')}</th>
                <th scope="col">{t('admin.orders.late.for')}</th>
                <th scope="col">{t('admin.orders.late.payment')}</th>
                <th scope="col" className={styles.number}>
                  {t('admin.orders.late.amount')}
                </th>
                <th scope="col">{t('admin.orders.late.refundColumn')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((late) => (
                <tr key={`${late.provider}:${late.eventId}`}>
                  <td>{format.date(late.receivedAt)}</td>
                  <td>{t(`admin.orders.late.outcomes.${late.outcome}`)}</td>
                  <td>{late.customerEmail}</td>
                  <td>
                    {late.orderId === null ? (
                      t('admin.orders.late.deposit')
                    ) : (
                      <Link to={orderHref(late.orderId)}>
                        {t('admin.orders.orderNumber', { id: late.orderId })}
                      </Link>
                    )}
                  </td>
                  <td>
                    <code>{late.paymentId}</code>
                  </td>
                  <td className={styles.number}>
                    {isCurrency(late.currency)
                      ? format.price({ amount: late.amount, currency: late.currency })
                      : `${late.amount} ${late.currency}`}
                  </td>
                  <td>
                    <CapturedRefundCell payment={late} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
