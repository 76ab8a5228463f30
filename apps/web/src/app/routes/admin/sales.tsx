import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { SalesReport } from '../../../features/admin-sales/components/sales-report';

/** /admin/sales: revenue, orders and generations per day, top offers. */
export default function AdminSalesPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('admin.sales.title')} intro={t('admin.sales.intro')}>
      <SalesReport />
    </Page>
  );
}
