import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { adminPath } from '../../../features/admin/admin-nav';
import { CustomerSearch } from '../../../features/admin-customers/components/customer-search';

/** /admin/customers?Email=: find customers by address, with their balances. */
export default function AdminCustomersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const email = params.get('Email')?.trim() ?? '';
  return (
    <Page title={t('admin.customers.title')} intro={t('admin.customers.intro')}>
      <CustomerSearch
        key={email}
        email={email}
        onSearch={(next) => setParams(next ? { Email: next } : {})}
        customerHref={(customerId) => adminPath(`customers/${customerId}`)}
      />
    </Page>
  );
}
