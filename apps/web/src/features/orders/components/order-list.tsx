import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@pictura/contract';
import stateBox from '../../../components/state-box.module.css';
import { apiErrorText } from '../../../lib/api-error-text';
import { useOrders } from '../api/get-orders';
import { OrderCard, type PayAgain } from './order-card';
import styles from './orders.module.css';

/** The user's orders, newest first, with loading, empty and error states. */
export function OrderList({ payAgain }: { payAgain: PayAgain }) {
  const { t } = useTranslation();
  const orders = useOrders();

  if (orders.isPending) return <p role="status">{t('orders.loading')}</p>;
  if (orders.isError) {
    return (
      <div className={stateBox.centered} role="alert">
        <p className={stateBox.title}>{t('orders.loadFailed')}</p>
        <p className={stateBox.text}>{apiErrorText(orders.error, t)}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void orders.refetch()}
        >
          {t('orders.retry')}
        </button>
      </div>
    );
  }
  if (orders.data.length === 0) {
    return (
      <div className={stateBox.centered}>
        <p className={stateBox.title}>{t('orders.emptyTitle')}</p>
        <p className={stateBox.text}>{t('orders.emptyText')}</p>
        <Link className="button button--primary" to={paths.gallery}>
          {t('orders.browse')}
        </Link>
      </div>
    );
  }
  return (
    <ul className={styles.list}>
      {orders.data.map((order) => (
        <OrderCard key={order.id} order={order} payAgain={payAgain} />
      ))}
    </ul>
  );
}
