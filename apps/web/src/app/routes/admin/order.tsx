import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../../components/page';
import { adminPath } from '../../../features/admin/admin-nav';
import { OrderDetail } from '../../../features/admin-orders/components/order-detail';
import NotFoundPage from '../not-found';

/** /admin/orders/:orderId: one order, its payments and events, its refund and credit notes. */
export default function AdminOrderPage() {
  const { t } = useTranslation();
  const { orderId } = useParams();
  const id = Number(orderId);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return (
    <Page title={t('admin.orders.orderNumber', { id })}>
      <OrderDetail
        orderId={id}
        backHref={adminPath('orders')}
        customerHref={(customerId) => adminPath(`customers/${customerId}`)}
      />
    </Page>
  );
}
