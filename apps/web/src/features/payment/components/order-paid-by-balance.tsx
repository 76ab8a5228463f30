import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '@pictura/contract';
import { Page } from '../../../components/page';
import { invalidateBalance } from '../../../lib/api/get-balance';
import { loginPathWithReturnUrl } from '../../../lib/return-url';
import styles from './payment-result.module.css';

interface OrderPaidByBalanceProps {
  orderId: number;
  signedIn: boolean;
  onShown: () => void;
  /** What a paid order shows below the thanks: the codes of its gift cards (orders feature). */
  paidOrderDetails: (orderId: number) => ReactNode;
}

/**
 * /payment-result?order={id}: the balance paid the whole order when it was placed, so there is no
 * payment to ask about.
 */
export function OrderPaidByBalance({
  orderId,
  signedIn,
  onShown,
  paidOrderDetails,
}: OrderPaidByBalanceProps) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!signedIn) return;
    onShown();
    void invalidateBalance(queryClient);
  }, [signedIn, onShown, queryClient]);

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
  return (
    <Page title={t('paymentResult.succeededTitle')}>
      <div className={`${styles.result} ${styles.succeeded}`}>
        <p className={styles.text}>{t('paymentResult.paidByBalance', { id: orderId })}</p>
        <div className={styles.actions}>
          <Link className="button button--primary" to={paths.orderHistory}>
            {t('paymentResult.toOrders')}
          </Link>
          <Link className="button button--secondary" to={paths.artworks}>
            {t('paymentResult.toArtworks')}
          </Link>
        </div>
      </div>
      {paidOrderDetails(orderId)}
    </Page>
  );
}
