import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminLatePayment } from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { ADMIN_ORDERS_QUERY_KEY } from '../api/get-orders';
import { refundCaptured } from '../api/refund-captured';
import styles from '../../../components/admin/admin-area.module.css';

/**
 * One captured payment's refund: when it was made, or a button that makes it through the provider
 * in one click (the server refunds an event once, so a second click is refused, not repeated).
 */
export function CapturedRefundCell({ payment }: { payment: AdminLatePayment }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const refund = useMutation({
    mutationFn: () => refundCaptured(payment.eventId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_QUERY_KEY }),
  });

  if (payment.refundedAt) {
    return <>{t('admin.orders.late.refundedOn', { date: format.date(payment.refundedAt) })}</>;
  }
  // The payer's bank took the money back: a refund would pay it twice (the server refuses too).
  const disputed = payment.paymentStatus === 'disputed';
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        disabled={refund.isPending || disputed}
        aria-describedby={disputed ? `disputed-${payment.eventId}` : undefined}
        onClick={() => refund.mutate()}
      >
        {refund.isPending ? t('admin.orders.late.refunding') : t('admin.orders.late.refund')}
      </button>
      {disputed ? (
        <p id={`disputed-${payment.eventId}`} className={styles.muted}>
          {t('admin.orders.late.disputed')}
        </p>
      ) : null}
      {refund.isError ? (
        <p role="alert" className={styles.alert}>
          {apiErrorText(refund.error, t)}
        </p>
      ) : null}
    </>
  );
}
