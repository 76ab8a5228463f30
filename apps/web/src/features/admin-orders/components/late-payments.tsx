import { useTranslation } from 'react-i18next';
import { CURRENCIES, type Currency } from '@pictura/contract';
import { useFormat } from '../../../lib/format';
import { useLatePayments } from '../api/get-late-payments';
import { PaymentListSection, PaymentPurposeCell } from './payment-list-section';
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
  return (
    <PaymentListSection
      headingId="admin-late-payments"
      heading={t('admin.orders.late.heading')}
      intro={t('admin.orders.late.intro')}
      empty={t('admin.orders.late.empty')}
      query={useLatePayments()}
      columns={[
        { label: t('admin.orders.late.received') },
        { label: t('admin.orders.late.what') },
        { label: t('admin.orders.late.customer') },
        { label: t('admin.orders.late.for') },
        { label: t('admin.orders.late.payment') },
        { label: t('admin.orders.late.amount'), numeric: true },
        { label: t('admin.orders.late.refundColumn') },
      ]}
      rowKey={(payment) => `${payment.provider}:${payment.eventId}`}
      renderCells={(payment) => (
        <>
          <td>{format.date(payment.receivedAt)}</td>
          <td>{t(`admin.orders.late.outcomes.${payment.outcome}`)}</td>
          <td>{payment.customerEmail}</td>
          <PaymentPurposeCell
            orderId={payment.orderId}
            orderHref={orderHref}
            depositLabel={t('admin.orders.late.deposit')}
          />
          <td>
            <code>{payment.paymentId}</code>
          </td>
          <td className={styles.number}>
            {isCurrency(payment.currency)
              ? format.price({ amount: payment.amount, currency: payment.currency })
              : `${payment.amount} ${payment.currency}`}
          </td>
          <td>
            <CapturedRefundCell payment={payment} />
          </td>
        </>
      )}
    />
  );
}
