import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CURRENCIES, type Currency } from '@pictura/contract';
import { LedgerTable } from '../../../components/ledger-table';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { useCustomer } from '../api/get-customer';
import { useCustomerLedger } from '../api/get-customer-ledger';
import styles from '../../../components/admin/admin-area.module.css';

interface CustomerLedgerProps {
  customerId: string;
  backHref: string;
  /** The order search filtered to this customer's address. */
  ordersHref: (email: string) => string;
}

/** One customer: balances per currency and the ledger of the chosen one, a page at a time. */
export function CustomerLedger({ customerId, backHref, ordersHref }: CustomerLedgerProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const customer = useCustomer(customerId);
  const [currency, setCurrency] = useState<Currency>('EUR');
  const back = <Link to={backHref}>{t('admin.customers.detail.back')}</Link>;

  if (customer.isPending) return <p role="status">{t('admin.customers.detail.loading')}</p>;
  if (customer.isError) {
    const notFound = customer.error instanceof ApiError && customer.error.status === 404;
    return (
      <div role="alert" className={styles.panel}>
        <p>{notFound ? t('admin.customers.detail.notFound') : apiErrorText(customer.error, t)}</p>
        {back}
      </div>
    );
  }
  return (
    <>
      <p>{back}</p>
      <section className={styles.section} aria-labelledby="admin-customer-balances">
        <h2 id="admin-customer-balances" className={styles.heading}>
          {customer.data.email}
        </h2>
        <dl className={styles.facts}>
          {customer.data.balances.map((balance) => (
            <div key={balance.currency} style={{ display: 'contents' }}>
              <dt>{t('admin.customers.table.balance', { currency: balance.currency })}</dt>
              <dd>{format.price(balance)}</dd>
            </div>
          ))}
        </dl>
        <p>
          <Link to={ordersHref(customer.data.email)}>{t('admin.customers.detail.orders')}</Link>
        </p>
      </section>
      <section className={styles.section} aria-labelledby="admin-customer-ledger">
        <h2 id="admin-customer-ledger" className={styles.heading}>
          {t('admin.customers.detail.ledger')}
        </h2>
        <div className={styles.filters}>
          <label>
            {t('admin.customers.detail.currency')}
            <select
              value={currency}
              onChange={(event) => setCurrency(event.target.value as Currency)}
            >
              {CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
        </div>
        <LedgerPages customerId={customerId} currency={currency} />
      </section>
    </>
  );
}

function LedgerPages({ customerId, currency }: { customerId: string; currency: Currency }) {
  const { t } = useTranslation();
  const ledger = useCustomerLedger(customerId, currency);
  const entries = ledger.data?.pages.flatMap((page) => page.entries) ?? [];
  if (ledger.isPending) return <p role="status">{t('admin.customers.loading')}</p>;
  if (ledger.isError) {
    return (
      <p role="alert" className={styles.alert}>
        {apiErrorText(ledger.error, t)}
      </p>
    );
  }
  if (entries.length === 0)
    return <p className={styles.muted}>{t('admin.customers.detail.empty')}</p>;
  return (
    <>
      <LedgerTable
        entries={entries}
        caption={t('admin.customers.detail.ledger')}
        columns={{
          date: t('admin.customers.detail.date'),
          kind: t('admin.customers.detail.kind'),
          reference: t('admin.customers.detail.reference'),
          amount: t('admin.customers.detail.amount'),
          balanceAfter: t('admin.customers.detail.balanceAfter'),
        }}
      />
      {ledger.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={ledger.isFetchingNextPage}
          onClick={() => void ledger.fetchNextPage()}
        >
          {ledger.isFetchingNextPage
            ? t('admin.customers.detail.loadingMore')
            : t('admin.customers.detail.more')}
        </button>
      ) : null}
    </>
  );
}
