import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CURRENCIES, type Currency, type LedgerEntry } from '@pictura/contract';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { useCustomer, useCustomerLedger } from '../api/customers';
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
        <LedgerTable customerId={customerId} currency={currency} />
      </section>
    </>
  );
}

function LedgerTable({ customerId, currency }: { customerId: string; currency: Currency }) {
  const { t } = useTranslation();
  const format = useFormat();
  const ledger = useCustomerLedger(customerId, currency);
  const entries = ledger.data?.pages.flatMap((page) => page.entries) ?? [];
  const signed = (entry: LedgerEntry) => {
    const text = format.price({ amount: entry.amount, currency: entry.currency });
    return entry.amount > 0 ? `+${text}` : text;
  };
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
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('admin.customers.detail.ledger')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.customers.detail.date')}</th>
              <th scope="col">{t('admin.customers.detail.kind')}</th>
              <th scope="col">{t('admin.customers.detail.reference')}</th>
              <th scope="col" className={styles.number}>
                {t('admin.customers.detail.amount')}
              </th>
              <th scope="col" className={styles.number}>
                {t('admin.customers.detail.balanceAfter')}
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{format.date(entry.createdAt)}</td>
                <td>{t(`wallet.kinds.${entry.kind}`)}</td>
                <td>
                  <code>{entry.reference}</code>
                </td>
                <td className={styles.number}>{signed(entry)}</td>
                <td className={styles.number}>
                  {format.price({ amount: entry.balanceAfter, currency: entry.currency })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
