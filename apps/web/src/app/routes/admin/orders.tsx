import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CURRENCIES, ORDER_STATUSES, type AdminOrderQuery } from '@pictura/contract';
import { Page } from '../../../components/page';
import { adminPath } from '../../../features/admin/admin-nav';
import type { AdminOrderFilters } from '../../../features/admin-orders/api/get-orders';
import { LatePayments } from '../../../features/admin-orders/components/late-payments';
import { ProcessingPayments } from '../../../features/admin-orders/components/processing-payments';
import { CreditNotes } from '../../../features/admin-orders/components/credit-notes';
import { PaymentReversals } from '../../../features/admin-orders/components/payment-reversals';
import { OtherCurrencyReversals } from '../../../features/admin-orders/components/other-currency-reversals';
import { OrderFilters } from '../../../features/admin-orders/components/order-filters';
import { OrdersTable } from '../../../features/admin-orders/components/orders-table';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FILTER_NAMES = ['Status', 'From', 'To', 'Email', 'Currency', 'Page'] as const;

/** The filters as the URL holds them (so a search can be shared and survives a reload). */
function filtersFrom(params: URLSearchParams): AdminOrderFilters {
  const status = params.get('Status');
  const currency = params.get('Currency');
  const from = params.get('From');
  const to = params.get('To');
  const page = Number(params.get('Page') ?? '1');
  return {
    Status: ORDER_STATUSES.find((value) => value === status),
    Currency: CURRENCIES.find((value) => value === currency),
    From: from && DATE.test(from) ? from : undefined,
    To: to && DATE.test(to) ? to : undefined,
    Email: params.get('Email')?.trim() || undefined,
    Page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

function toParams(filters: Partial<AdminOrderQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params;
}

/**
 * /admin/orders: the order search (filters in the URL), the late payments, disputes and provider
 * refunds, and the newest credit notes.
 */
export default function AdminOrdersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const orderHref = (orderId: number) => adminPath(`orders/${orderId}`);
  return (
    <Page title={t('admin.orders.title')} intro={t('admin.orders.intro')}>
      <OrderFilters
        key={params.toString()}
        filters={filters}
        onChange={(next) => setParams(toParams(next))}
      />
      <OrdersTable
        filters={filters}
        orderHref={orderHref}
        onPage={(page) => setParams(toParams({ ...filters, Page: page }))}
      />
      <LatePayments orderHref={orderHref} />
      <ProcessingPayments orderHref={orderHref} />
      <PaymentReversals orderHref={orderHref} />
      <OtherCurrencyReversals orderHref={orderHref} />
      <CreditNotes orderHref={orderHref} />
    </Page>
  );
}
