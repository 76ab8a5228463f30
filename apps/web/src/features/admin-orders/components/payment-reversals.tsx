import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminPaymentReversal } from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { usePaymentReversals } from '../api/get-payment-reversals';
import styles from '../../../components/admin/admin-area.module.css';

/** What the shop took back for one reversal: a deposit's credit (and what is owed), or downloads. */
function TakenBack({ reversal }: { reversal: AdminPaymentReversal }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (amount: number) => format.price({ amount, currency: reversal.currency });
  if (reversal.purpose === 'order' && reversal.debt === 0 && reversal.takenFromBalance === 0) {
    return <>{t('admin.orders.reversals.withdrawn', { count: reversal.withdrawnArtworks })}</>;
  }
  return (
    <>
      {t('admin.orders.reversals.fromBalance', { amount: money(reversal.takenFromBalance) })}
      {reversal.debt > 0 ? (
        <>
          <br />
          <strong>{t('admin.orders.reversals.owed', { amount: money(reversal.debt) })}</strong>
        </>
      ) : null}
    </>
  );
}

/**
 * Disputes (chargebacks) and refunds made at the payment provider: who, how much, and
 * what the shop took back automatically. The owner answers disputes in the provider's dashboard.
 */
export function PaymentReversals({ orderHref }: { orderHref: (orderId: number) => string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = usePaymentReversals();
  const headingId = 'admin-payment-reversals';

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('admin.orders.reversals.heading')}
      </h2>
      <p className={styles.muted}>{t('admin.orders.reversals.intro')}</p>
      {query.isPending ? <p role="status">{t('admin.orders.loading')}</p> : null}
      {query.isError ? (
        <p role="alert" className={styles.alert}>
          {apiErrorText(query.error, t)}
        </p>
      ) : null}
      {query.isSuccess && query.data.length === 0 ? (
        <p className={styles.muted}>{t('admin.orders.reversals.empty')}</p>
      ) : null}
      {query.isSuccess && query.data.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('admin.orders.reversals.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.orders.reversals.received')}</th>
                <th scope="col">{t('admin.orders.reversals.what')}</th>
                <th scope="col">{t('admin.orders.reversals.customer')}</th>
                <th scope="col">{t('admin.orders.reversals.for')}</th>
                <th scope="col" className={styles.number}>
                  {t('admin.orders.reversals.amount')}
                </th>
                <th scope="col">{t('admin.orders.reversals.takenBack')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((reversal) => (
                <tr key={reversal.id}>
                  <td>{format.date(reversal.receivedAt)}</td>
                  <td>{t(`admin.orders.reversals.kinds.${reversal.kind}`)}</td>
                  <td>{reversal.customerEmail}</td>
                  <td>
                    {reversal.orderId === null ? (
                      t('admin.orders.reversals.deposit')
                    ) : (
                      <Link to={orderHref(reversal.orderId)}>
                        {t('admin.orders.orderNumber', { id: reversal.orderId })}
                      </Link>
                    )}
                  </td>
                  <td className={styles.number}>
                    {format.price({ amount: reversal.amount, currency: reversal.currency })}
                  </td>
                  <td>
                    <TakenBack reversal={reversal} />
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
