import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths, type PaymentResult, type PaymentStatus } from '@pictura/contract';
import { Page } from '../../../components/page';
import { invalidateBalance } from '../../../lib/api/get-balance';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { loginPathWithReturnUrl } from '../../../lib/return-url';
import { isPaymentNotFound, usePaymentResult } from '../api/get-payment';
import styles from './payment-result.module.css';

export interface PayOrderAgain {
  pay: (orderId: number) => void;
  processing: boolean;
  failure: { orderId: number; error: unknown } | null;
}

/** A new payment for the deposit this tab started last (checkout feature). */
export interface PayDepositAgain {
  pay: () => void;
  processing: boolean;
  /** False when this tab has no deposit to repeat. */
  available: boolean;
  failure: unknown;
}

interface PaymentResultViewProps {
  paymentId: string;
  signedIn: boolean;
  payAgain: PayOrderAgain;
  depositAgain: PayDepositAgain;
  /** Runs once when the payment has an outcome (the page forgets the stored payment link). */
  onSettled: (status: Exclude<PaymentStatus, 'pending'>) => void;
  /** What a paid order shows below the thanks: the codes of its gift cards (orders feature). */
  paidOrderDetails: (orderId: number) => ReactNode;
}

/**
 * Where the payment provider sends the shopper back: the payment's outcome, asked again every
 * two seconds while it is pending. A settled payment invalidates the balance.
 */
export function PaymentResultView({
  paymentId,
  signedIn,
  payAgain,
  depositAgain,
  onSettled,
  paidOrderDetails,
}: PaymentResultViewProps) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const payment = usePaymentResult(paymentId, signedIn);
  const status = payment.data?.status;
  const settledWith = useRef<PaymentStatus | null>(null);

  useEffect(() => {
    if (!status || status === 'pending' || settledWith.current === status) return;
    settledWith.current = status;
    onSettled(status);
    // The balance changed: a deposit credited it, an order's balance part was kept or given back.
    void invalidateBalance(queryClient);
  }, [status, onSettled, queryClient]);

  if (!signedIn) {
    return (
      <Page title={t('paymentResult.title')} intro={t('paymentResult.signedOut')}>
        <div className={styles.actions}>
          <Link
            className="button button--primary"
            to={loginPathWithReturnUrl(`${pathname}${search}`)}
          >
            {t('paymentResult.login')}
          </Link>
        </div>
      </Page>
    );
  }
  if (paymentId === '' || isPaymentNotFound(payment.error)) {
    return (
      <Page title={t('paymentResult.notFoundTitle')} intro={t('paymentResult.notFound')}>
        <div className={styles.actions}>
          <Link className="button button--secondary" to={paths.orderHistory}>
            {t('paymentResult.toOrders')}
          </Link>
          <Link className="button button--secondary" to={paths.wallet}>
            {t('paymentResult.toWallet')}
          </Link>
        </div>
      </Page>
    );
  }
  if (payment.isError) {
    return (
      <Page title={t('paymentResult.title')}>
        <div className={`${styles.result} ${styles.pending}`} role="alert">
          <p className={styles.text}>{t('paymentResult.loadFailed')}</p>
          <p className={styles.muted}>{apiErrorText(payment.error, t)}</p>
          <div className={styles.actions}>
            <button type="button" className="button button--primary" onClick={payment.checkAgain}>
              {t('paymentResult.checkAgain')}
            </button>
          </div>
        </div>
      </Page>
    );
  }
  if (!payment.data || payment.data.status === 'pending') {
    return (
      <Page title={t('paymentResult.pendingTitle')}>
        <div className={`${styles.result} ${styles.pending}`}>
          {payment.gaveUp ? (
            <>
              <p className={styles.text} role="status">
                {t('paymentResult.stillPending')}
              </p>
              <div className={styles.actions}>
                <button
                  type="button"
                  className="button button--primary"
                  onClick={payment.checkAgain}
                >
                  {t('paymentResult.checkAgain')}
                </button>
                <Link className="button button--secondary" to={paths.orderHistory}>
                  {t('paymentResult.toOrders')}
                </Link>
              </div>
            </>
          ) : (
            <div className={styles.waiting}>
              <span className={styles.spinner} aria-hidden="true" />
              <p className={styles.text} role="status">
                {t('paymentResult.waiting')}
              </p>
            </div>
          )}
        </div>
      </Page>
    );
  }
  return (
    <Outcome
      payment={payment.data}
      payAgain={payAgain}
      depositAgain={depositAgain}
      paidOrderDetails={paidOrderDetails}
    />
  );
}

interface OutcomeProps {
  payment: PaymentResult;
  payAgain: PayOrderAgain;
  depositAgain: PayDepositAgain;
  paidOrderDetails: (orderId: number) => ReactNode;
}

function Outcome({ payment, payAgain, depositAgain, paidOrderDetails }: OutcomeProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const amount = format.price({ amount: payment.amount, currency: payment.currency });
  const { status, purpose, orderId, failureReason } = payment;
  if (status === 'pending') return null;
  const orderFailure =
    orderId !== null && payAgain.failure?.orderId === orderId ? payAgain.failure.error : null;
  const failure = purpose === 'order' ? orderFailure : depositAgain.failure;
  const failedOrExpired = status === 'failed' || status === 'expired';
  // An expired order cannot be paid again (its prices and window are gone); a deposit can.
  const canRetryDeposit = failedOrExpired && purpose === 'deposit' && depositAgain.available;
  const title = t(`paymentResult.${status}Title`);
  // A delayed bank payment is still on its way; money given back is neither success nor failure.
  const tone =
    status === 'succeeded' || status === 'failed'
      ? styles[status]
      : status === 'expired'
        ? styles.expired
        : styles.pending;

  return (
    <Page title={title}>
      <div className={`${styles.result} ${tone}`}>
        <p className={styles.text}>{t(`paymentResult.${purpose}.${status}`, { amount })}</p>
        {failedOrExpired && failureReason ? (
          <p className={styles.text}>{t(`paymentResult.reason.${failureReason}`)}</p>
        ) : null}
        {failedOrExpired ? (
          <p className={styles.muted}>{t('paymentResult.nothingCharged')}</p>
        ) : null}
        <div className={styles.actions}>
          {status === 'failed' && purpose === 'order' && orderId !== null ? (
            <button
              type="button"
              className="button button--primary"
              disabled={payAgain.processing}
              onClick={() => payAgain.pay(orderId)}
            >
              {payAgain.processing ? t('paymentResult.paying') : t('paymentResult.tryAgain')}
            </button>
          ) : null}
          {canRetryDeposit ? (
            <button
              type="button"
              className="button button--primary"
              disabled={depositAgain.processing}
              onClick={depositAgain.pay}
            >
              {depositAgain.processing ? t('paymentResult.paying') : t('paymentResult.tryAgain')}
            </button>
          ) : null}
          {purpose === 'order' ? (
            <>
              <Link
                className={`button ${status === 'succeeded' ? 'button--primary' : 'button--secondary'}`}
                to={paths.orderHistory}
              >
                {t('paymentResult.toOrders')}
              </Link>
              {status === 'succeeded' ? (
                <Link className="button button--secondary" to={paths.artworks}>
                  {t('paymentResult.toArtworks')}
                </Link>
              ) : null}
            </>
          ) : (
            <Link
              className={`button ${canRetryDeposit ? 'button--secondary' : 'button--primary'}`}
              to={paths.wallet}
            >
              {t('paymentResult.toWallet')}
            </Link>
          )}
        </div>
        {failure ? (
          <p className={styles.alert} role="alert">
            {apiErrorText(failure, t)}
          </p>
        ) : null}
      </div>
      {status === 'succeeded' && orderId !== null ? paidOrderDetails(orderId) : null}
    </Page>
  );
}
