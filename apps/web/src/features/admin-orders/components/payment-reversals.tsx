import { useTranslation } from 'react-i18next';
import type { AdminPaymentReversal } from '@pictura/contract';
import { useFormat } from '../../../lib/format';
import { usePaymentReversals } from '../api/get-payment-reversals';
import { PaymentListSection, PaymentPurposeCell } from './payment-list-section';
import styles from '../../../components/admin/admin-area.module.css';

/** What the shop took back for one reversal: a deposit's credit (and what is owed), or downloads. */
function TakenBack({ reversal }: { reversal: AdminPaymentReversal }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (amount: number) => format.price({ amount, currency: reversal.currency });
  if (reversal.kind === 'reinstatement') {
    const parts = [
      reversal.givenBack > 0
        ? t('admin.orders.reversals.givenBack', { amount: money(reversal.givenBack) })
        : null,
      reversal.debtCancelled > 0
        ? t('admin.orders.reversals.debtCancelled', { amount: money(reversal.debtCancelled) })
        : null,
      reversal.restoredArtworks > 0
        ? t('admin.orders.reversals.restored', { count: reversal.restoredArtworks })
        : null,
    ].filter((part) => part !== null);
    return <>{parts.join(' · ')}</>;
  }
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
  return (
    <PaymentListSection
      headingId="admin-payment-reversals"
      heading={t('admin.orders.reversals.heading')}
      intro={t('admin.orders.reversals.intro')}
      empty={t('admin.orders.reversals.empty')}
      query={usePaymentReversals()}
      columns={[
        { label: t('admin.orders.reversals.received') },
        { label: t('admin.orders.reversals.what') },
        { label: t('admin.orders.reversals.customer') },
        { label: t('admin.orders.reversals.for') },
        { label: t('admin.orders.reversals.amount'), numeric: true },
        { label: t('admin.orders.reversals.takenBack') },
      ]}
      rowKey={(reversal) => String(reversal.id)}
      renderCells={(reversal) => (
        <>
          <td>{format.date(reversal.receivedAt)}</td>
          <td>{t(`admin.orders.reversals.kinds.${reversal.kind}`)}</td>
          <td>{reversal.customerEmail}</td>
          <PaymentPurposeCell
            orderId={reversal.orderId}
            orderHref={orderHref}
            depositLabel={t('admin.orders.reversals.deposit')}
          />
          <td className={styles.number}>
            {format.price({ amount: reversal.amount, currency: reversal.currency })}
          </td>
          <td>
            <TakenBack reversal={reversal} />
          </td>
        </>
      )}
    />
  );
}
