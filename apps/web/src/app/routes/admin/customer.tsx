import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../../components/page';
import { adminPath } from '../../../features/admin/admin-nav';
import { CustomerLedger } from '../../../features/admin-customers/components/customer-ledger';

/** /admin/customers/:customerId: balances and ledger entries of one customer. */
export default function AdminCustomerPage() {
  const { t } = useTranslation();
  const { customerId = '' } = useParams();
  return (
    <Page title={t('admin.customers.title')}>
      <CustomerLedger
        customerId={customerId}
        backHref={adminPath('customers')}
        ordersHref={(email) =>
          `${adminPath('orders')}?${new URLSearchParams({ Email: email }).toString()}`
        }
      />
    </Page>
  );
}
