import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AuditEntry } from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { currentLocale } from '../../../lib/i18n';
import { useAuditLog } from '../api/get-audit-log';
import filterForm from '../../../components/admin/filter-form.module.css';
import ruled from '../../../components/admin/ruled-table.module.css';
import styles from './audit-log.module.css';

const json = (value: unknown): string =>
  value === null || value === undefined ? '–' : JSON.stringify(value, null, 2);

function Change({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <details>
      <summary>{t('admin.audit.showChange')}</summary>
      <p>{t('admin.audit.before')}</p>
      <pre className={styles.json}>{json(entry.before)}</pre>
      <p>{t('admin.audit.after')}</p>
      <pre className={styles.json}>{json(entry.after)}</pre>
    </details>
  );
}

/** Every change made in the back office, newest first: who, what, when, before and after. */
export function AuditLog() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const entity = params.get('entity')?.trim() || undefined;
  const log = useAuditLog(entity);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const dateTime = new Intl.DateTimeFormat(currentLocale(i18n), {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('entity') ?? '').trim();
    setParams(value ? { entity: value } : {});
  };

  return (
    <>
      <form
        className={`${filterForm.form} ${styles.filters}`}
        role="search"
        aria-label={t('admin.audit.filter')}
        onSubmit={submit}
        key={entity ?? ''}
      >
        <label>
          {t('admin.audit.entity')}
          <input
            name="entity"
            className={filterForm.control}
            defaultValue={entity ?? ''}
            placeholder={t('admin.audit.entityPlaceholder')}
          />
        </label>
        <button type="submit" className="button button--secondary">
          {t('admin.audit.apply')}
        </button>
      </form>
      {log.isPending ? <p role="status">{t('admin.audit.loading')}</p> : null}
      {log.isError ? (
        <div role="alert">
          <p>{t('admin.audit.loadFailed')}</p>
          <p className={styles.muted}>{apiErrorText(log.error, t)}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void log.refetch()}
          >
            {t('admin.retry')}
          </button>
        </div>
      ) : null}
      {log.isSuccess && entries.length === 0 ? (
        <p className={styles.muted}>{t('admin.audit.empty')}</p>
      ) : null}
      {entries.length > 0 ? (
        <div className={ruled.wrap}>
          <table className={ruled.table}>
            <caption className="visually-hidden">{t('admin.audit.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.audit.columns.when')}</th>
                <th scope="col">{t('admin.audit.columns.who')}</th>
                <th scope="col">{t('admin.audit.columns.action')}</th>
                <th scope="col">{t('admin.audit.columns.what')}</th>
                <th scope="col">{t('admin.audit.columns.change')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{dateTime.format(new Date(entry.createdAt))}</td>
                  <td>{entry.actorEmail}</td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>
                    {entry.entity} {entry.entityId}
                  </td>
                  <td>
                    <Change entry={entry} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {log.hasNextPage ? (
        <button
          type="button"
          className={`button button--secondary ${styles.more}`}
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? t('admin.audit.loadingMore') : t('admin.audit.more')}
        </button>
      ) : null}
    </>
  );
}
