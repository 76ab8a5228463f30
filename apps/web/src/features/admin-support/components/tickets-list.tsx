import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { TICKET_STATUSES, TicketStatusSchema } from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { currentLocale } from '../../../lib/i18n';
import { useAdminTickets, type TicketFilter } from '../api/get-admin-tickets';
import { ticketStatusLabel } from './ticket-status-label';
import filterForm from '../../../components/admin/filter-form.module.css';
import ruled from '../../../components/admin/ruled-table.module.css';
import styles from './admin-support.module.css';

/** The filter lives in the address, so a filtered list can be bookmarked and the back button works. */
function useTicketFilter(): [TicketFilter, (next: Partial<TicketFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const status = TicketStatusSchema.safeParse(params.get('status'));
  const page = Number(params.get('page'));
  const filter: TicketFilter = {
    status: status.success ? status.data : undefined,
    search: params.get('search') ?? undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  const update = (next: Partial<TicketFilter>) => {
    const merged = { ...filter, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.status) search.set('status', merged.status);
    if (merged.search) search.set('search', merged.search);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };
  return [filter, update];
}

/** Support tickets for the back office: filter by status, search, page through them. */
export function TicketsList({ ticketPath }: { ticketPath: (ticketNumber: string) => string }) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useTicketFilter();
  const tickets = useAdminTickets(filter);
  const captionId = useId();
  const dateTime = new Intl.DateTimeFormat(currentLocale(i18n), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const status = TicketStatusSchema.safeParse(data.get('status'));
    setFilter({
      status: status.success ? status.data : undefined,
      search: String(data.get('search') ?? '').trim() || undefined,
    });
  };

  const list = tickets.data;
  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;

  return (
    <>
      <form
        className={`${filterForm.form} ${styles.filters}`}
        role="search"
        aria-label={t('admin.support.filter.label')}
        onSubmit={submit}
        // A new filter starts from its defaults in the fields, too.
        key={`${filter.status ?? ''}|${filter.search ?? ''}`}
      >
        <label>
          {t('admin.support.filter.status')}
          <select name="status" className={filterForm.control} defaultValue={filter.status ?? ''}>
            <option value="">{t('admin.support.filter.allStatuses')}</option>
            {TICKET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ticketStatusLabel(status, t)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('admin.support.filter.search')}
          <input
            type="search"
            name="search"
            className={filterForm.control}
            defaultValue={filter.search ?? ''}
            placeholder={t('admin.support.filter.searchPlaceholder')}
          />
        </label>
        <button type="submit" className="button button--secondary">
          {t('admin.support.filter.apply')}
        </button>
      </form>

      {tickets.isPending ? <p role="status">{t('admin.support.loading')}</p> : null}
      {tickets.isError ? (
        <div role="alert">
          <p>{t('admin.support.loadFailed')}</p>
          <p className={styles.muted}>{apiErrorText(tickets.error, t)}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void tickets.refetch()}
          >
            {t('admin.retry')}
          </button>
        </div>
      ) : null}
      {list && list.tickets.length === 0 ? (
        <p className={styles.muted}>{t('admin.support.empty')}</p>
      ) : null}
      {list && list.tickets.length > 0 ? (
        <div className={ruled.wrap}>
          <table className={ruled.table} aria-describedby={captionId}>
            <caption id={captionId} className="visually-hidden">
              {t('admin.support.caption', { count: list.total })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.support.columns.number')}</th>
                <th scope="col">{t('admin.support.columns.status')}</th>
                <th scope="col">{t('admin.support.columns.topic')}</th>
                <th scope="col">{t('admin.support.columns.sender')}</th>
                <th scope="col">{t('admin.support.columns.received')}</th>
              </tr>
            </thead>
            <tbody>
              {list.tickets.map((ticket) => (
                <tr key={ticket.ticketNumber}>
                  <td>
                    <Link to={ticketPath(ticket.ticketNumber)}>{ticket.ticketNumber}</Link>
                  </td>
                  <td>
                    <span className={styles.status}>{ticketStatusLabel(ticket.status, t)}</span>
                  </td>
                  <td>{t(`support.topics.${ticket.supportTicketType}`)}</td>
                  <td>
                    {ticket.name}
                    <br />
                    <span className={styles.muted}>{ticket.email}</span>
                  </td>
                  <td>{dateTime.format(new Date(ticket.createdAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list && pages > 1 ? (
        <nav className={styles.pager} aria-label={t('admin.support.pages')}>
          <button
            type="button"
            className="button button--secondary"
            disabled={filter.page <= 1}
            onClick={() => setFilter({ ...filter, page: filter.page - 1 })}
          >
            {t('admin.support.previous')}
          </button>
          <span>{t('admin.support.pageOf', { page: filter.page, pages })}</span>
          <button
            type="button"
            className="button button--secondary"
            disabled={filter.page >= pages}
            onClick={() => setFilter({ ...filter, page: filter.page + 1 })}
          >
            {t('admin.support.next')}
          </button>
        </nav>
      ) : null}
    </>
  );
}
