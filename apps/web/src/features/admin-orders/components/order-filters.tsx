import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, ORDER_STATUSES } from '@pictura/contract';
import type { AdminOrderFilters } from '../api/get-orders';
import styles from '../../../components/admin/admin-area.module.css';

interface OrderFiltersProps {
  filters: AdminOrderFilters;
  /** Called with the new filters (page back to 1); the page keeps them in the URL. */
  onChange: (filters: AdminOrderFilters) => void;
}

const orUndefined = <T extends string>(value: string): T | undefined =>
  value === '' ? undefined : (value as T);

/** The search form above the orders table; applied on submit, so typing sends nothing. */
export function OrderFilters({ filters, onChange }: OrderFiltersProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({
    Status: filters.Status ?? '',
    From: filters.From ?? '',
    To: filters.To ?? '',
    Email: filters.Email ?? '',
    Currency: filters.Currency ?? '',
  });
  const set = (name: keyof typeof draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({
      Status: orUndefined(draft.Status),
      From: orUndefined(draft.From),
      To: orUndefined(draft.To),
      Email: orUndefined(draft.Email.trim()),
      Currency: orUndefined(draft.Currency),
    });
  };
  const clear = () => {
    setDraft({ Status: '', From: '', To: '', Email: '', Currency: '' });
    onChange({});
  };

  return (
    <form
      className={styles.filters}
      role="search"
      aria-label={t('admin.orders.filters.label')}
      onSubmit={submit}
    >
      <label>
        {t('admin.orders.filters.status')}
        <select value={draft.Status} onChange={set('Status')}>
          <option value="">{t('admin.orders.filters.anyStatus')}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`admin.orders.status.${status}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('admin.orders.filters.from')}
        <input type="date" value={draft.From} onChange={set('From')} />
      </label>
      <label>
        {t('admin.orders.filters.to')}
        <input type="date" value={draft.To} onChange={set('To')} />
      </label>
      <label>
        {t('admin.orders.filters.email')}
        <input type="search" value={draft.Email} onChange={set('Email')} autoComplete="off" />
      </label>
      <label>
        {t('admin.orders.filters.currency')}
        <select value={draft.Currency} onChange={set('Currency')}>
          <option value="">{t('admin.orders.filters.anyCurrency')}</option>
          {CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--primary">
        {t('admin.orders.filters.apply')}
      </button>
      <button type="button" className="button button--secondary" onClick={clear}>
        {t('admin.orders.filters.clear')}
      </button>
    </form>
  );
}
