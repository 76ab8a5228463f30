import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { useAdminOrders, type AdminOrderFilters } from '../api/get-orders';
import styles from '../../../components/admin/admin-area.module.css';

interface OrdersTableProps {
  filters: AdminOrderFilters;
  /** Where an order's detail lives, e.g. /admin/orders/12. */
  orderHref: (orderId: number) => string;
  onPage: (page: number) => void;
}

/** The orders found, newest first, one page at a time. */
export function OrdersTable({ filters, orderHref, onPage }: OrdersTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useAdminOrders(filters);

  if (query.isPending) return <p role="status">{t('admin.orders.loading')}</p>;
  if (query.isError) {
    return (
      <div role="alert" className={styles.panel}>
        <p>{t('admin.orders.loadFailed')}</p>
        <p className={styles.muted}>{apiErrorText(query.error, t)}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void query.refetch()}
        >
          {t('admin.orders.retry')}
        </button>
      </div>
    );
  }
  const { orders, total, page, pageSize } = query.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (orders.length === 0) return <p className={styles.muted}>{t('admin.orders.empty')}</p>;

  return (
    <>
      <p className={styles.muted} role="status">
        {t('admin.orders.count', { count: total })}
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('admin.orders.table.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.orders.table.id')}</th>
              <th scope="col">{t('admin.orders.table.date')}</th>
              <th scope="col">{t('admin.orders.table.customer')}</th>
              <th scope="col">{t('admin.orders.table.status')}</th>
              <th scope="col" className={styles.number}>
                {t('admin.orders.table.items')}
              </th>
              <th scope="col" className={styles.number}>
                {t('admin.orders.table.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <td>
                  <Link to={orderHref(order.id)}>
                    {t('admin.orders.orderNumber', { id: order.id })}
                  </Link>
                </td>
                <td>{format.date(order.createdAt)}</td>
                <td>{order.customerEmail}</td>
                <td>{t(`admin.orders.status.${order.status}`)}</td>
                <td className={styles.number}>
                  {order.itemCount + (order.giftCardAmount > 0 ? 1 : 0)}
                </td>
                <td className={styles.number}>
                  {format.price({ amount: order.total, currency: order.currency })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav className={styles.pager} aria-label={t('admin.orders.page', { page, pages })}>
          <button
            type="button"
            className="button button--secondary"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            {t('admin.orders.previous')}
          </button>
          <span>{t('admin.orders.page', { page, pages })}</span>
          <button
            type="button"
            className="button button--secondary"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            {t('admin.orders.next')}
          </button>
        </nav>
      ) : null}
    </>
  );
}
