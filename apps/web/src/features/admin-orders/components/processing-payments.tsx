import { useTranslation } from 'react-i18next';
import { PROCESSING_EXPECTED_DAYS } from '@pictura/contract';
import { useFormat } from '../../../lib/format';
import { useProcessingPayments } from '../api/get-processing-payments';
import { PaymentListSection, PaymentPurposeCell } from './payment-list-section';
import styles from '../../../components/admin/admin-area.module.css';

/**
 * Payments whose bank debit has been under way longer than expected: the sweep asks the provider
 * about each; one that stays here is worth a look in the provider's dashboard.
 */
export function ProcessingPayments({ orderHref }: { orderHref: (orderId: number) => string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <PaymentListSection
      headingId="admin-processing-payments"
      heading={t('admin.orders.processing.heading')}
      intro={t('admin.orders.processing.intro', { days: PROCESSING_EXPECTED_DAYS })}
      empty={t('admin.orders.processing.empty')}
      query={useProcessingPayments()}
      columns={[
        { label: t('admin.orders.processing.started') },
        { label: t('admin.orders.late.customer') },
        { label: t('admin.orders.late.for') },
        { label: t('admin.orders.late.payment') },
        { label: t('admin.orders.processing.checked') },
        { label: t('admin.orders.late.amount'), numeric: true },
      ]}
      rowKey={(payment) => payment.paymentId}
      renderCells={(payment) => (
        <>
          <td>{format.date(payment.createdAt)}</td>
          <td>{payment.customerEmail}</td>
          <PaymentPurposeCell
            orderId={payment.orderId}
            orderHref={orderHref}
            depositLabel={t('admin.orders.late.deposit')}
          />
          <td>
            <code>{payment.paymentId}</code>
          </td>
          <td>
            {payment.checkedAt
              ? format.date(payment.checkedAt)
              : t('admin.orders.processing.notChecked')}
          </td>
          <td className={styles.number}>
            {format.price({ amount: payment.amount, currency: payment.currency })}
          </td>
        </>
      )}
    />
  );
}
