import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { useCustomerSearch } from '../api/search-customers';
import styles from '../../../components/admin/admin-area.module.css';

interface CustomerSearchProps {
  /** The search as it is in the URL. */
  email: string;
  onSearch: (email: string) => void;
  customerHref: (customerId: string) => string;
}

/** Find customers by a part of their address; each with a balance per currency. */
export function CustomerSearch({ email, onSearch, customerHref }: CustomerSearchProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [draft, setDraft] = useState(email);
  const query = useCustomerSearch(email);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };

  return (
    <>
      <form className={styles.filters} role="search" onSubmit={submit}>
        <label>
          {t('admin.customers.search')}
          <input
            type="search"
            value={draft}
            autoComplete="off"
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        <button type="submit" className="button button--primary">
          {t('admin.customers.submit')}
        </button>
      </form>
      {email !== '' && query.isPending ? <p role="status">{t('admin.customers.loading')}</p> : null}
      {query.isError ? (
        <div role="alert" className={styles.panel}>
          <p>{t('admin.customers.loadFailed')}</p>
          <p className={styles.muted}>{apiErrorText(query.error, t)}</p>
        </div>
      ) : null}
      {query.isSuccess && query.data.customers.length === 0 ? (
        <p className={styles.muted}>{t('admin.customers.empty')}</p>
      ) : null}
      {query.isSuccess && query.data.customers.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('admin.customers.table.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.customers.table.email')}</th>
                <th scope="col">{t('admin.customers.table.since')}</th>
                {query.data.customers[0]?.balances.map((balance) => (
                  <th key={balance.currency} scope="col" className={styles.number}>
                    {t('admin.customers.table.balance', { currency: balance.currency })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {query.data.customers.map((customer) => (
                <tr key={customer.id}>
                  <td>
                    <Link to={customerHref(customer.id)}>{customer.email}</Link>
                  </td>
                  <td>{format.date(customer.createdAt)}</td>
                  {customer.balances.map((balance) => (
                    <td key={balance.currency} className={styles.number}>
                      {format.price(balance)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {query.data?.more ? <p className={styles.muted}>{t('admin.customers.more')}</p> : null}
    </>
  );
}
