import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrderDetail, AdminRefundResponse } from '@pictura/contract';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { ADMIN_ORDERS_QUERY_KEY } from '../api/get-orders';
import { refundOrder } from '../api/refund-order';
import styles from '../../../components/admin/admin-area.module.css';

/** What a refund will credit: the whole total, less a gift card of the order already redeemed. */
export const refundableAmount = (order: AdminOrderDetail): number =>
  order.giftCard?.state === 'redeemed' ? order.total - order.giftCard.amount : order.total;

/**
 * Refund a paid order to the buyer's balance, in two steps: the button asks, the confirmation
 * (with an optional reason) sends. Shown only for a paid order; the server refuses anything else.
 */
export function RefundPanel({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [step, setStep] = useState<'idle' | 'confirm' | 'busy'>('idle');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<AdminRefundResponse | null>(null);
  const money = (amount: number) => format.price({ amount, currency: order.currency });
  const amount = money(refundableAmount(order));

  const confirm = async () => {
    setStep('busy');
    setError(null);
    try {
      setDone(await refundOrder(order.id, { reason: reason.trim() || undefined }));
      setStep('idle');
    } catch (failure) {
      setError(failure);
      setStep('confirm');
    }
    await queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_QUERY_KEY });
  };

  const errorText =
    error instanceof ApiError && error.status === 409
      ? // A 409 means the order changed meanwhile; the refetched order tells which way.
        order.status === 'refunded'
        ? t('admin.orders.refund.alreadyRefunded')
        : order.status === 'paid'
          ? // Still paid: its payment was given back in part at the provider (or is disputed).
            t('admin.orders.refund.reversedAtProvider')
          : t('admin.orders.refund.notPaid')
      : error
        ? apiErrorText(error, t)
        : null;

  return (
    <section className={styles.panel} aria-labelledby="admin-refund-heading">
      <h2 id="admin-refund-heading" className={styles.heading}>
        {t('admin.orders.refund.heading')}
      </h2>
      <div role="status">
        {done ? (
          <p className={styles.success}>
            {t('admin.orders.refund.done', {
              amount: money(done.refundedAmount),
              balance: money(done.balanceAfter),
            })}
          </p>
        ) : null}
      </div>
      {!done && order.status === 'paid' ? (
        <>
          <p className={styles.muted}>{t('admin.orders.refund.text', { amount })}</p>
          {step === 'idle' ? (
            <div className={styles.actions}>
              <button
                type="button"
                className="button button--primary"
                onClick={() => setStep('confirm')}
              >
                {t('admin.orders.refund.button')}
              </button>
            </div>
          ) : (
            <div className={styles.panel} role="group" aria-labelledby="admin-refund-confirm">
              <p id="admin-refund-confirm">
                {t('admin.orders.refund.confirmText', {
                  id: order.id,
                  amount,
                  email: order.customerEmail,
                })}
              </p>
              <label htmlFor={reasonId}>{t('admin.orders.refund.reason')}</label>
              <input
                id={reasonId}
                value={reason}
                maxLength={500}
                onChange={(event) => setReason(event.target.value)}
              />
              <div className={styles.actions}>
                <button
                  type="button"
                  className="button button--primary"
                  disabled={step === 'busy'}
                  onClick={() => void confirm()}
                >
                  {step === 'busy'
                    ? t('admin.orders.refund.busy')
                    : t('admin.orders.refund.confirm')}
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={step === 'busy'}
                  onClick={() => {
                    setStep('idle');
                    setError(null);
                  }}
                >
                  {t('admin.orders.refund.cancel')}
                </button>
              </div>
            </div>
          )}
        </>
      ) : null}
      {errorText ? (
        <p role="alert" className={styles.alert}>
          {errorText}
        </p>
      ) : null}
    </section>
  );
}
