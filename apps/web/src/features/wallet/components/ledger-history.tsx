import { useTranslation } from 'react-i18next';
import { LEDGER_ENTRY_KINDS, type Currency, type LedgerEntry } from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { useLedgerHistory } from '../api/ledger-history';
import styles from './wallet.module.css';

const isKnownKind = (kind: string): kind is LedgerEntry['kind'] =>
  (LEDGER_ENTRY_KINDS as readonly string[]).includes(kind);

/** Every movement of the balance in the chosen currency, newest first, a page at a time. */
export function LedgerHistory({ currency, headingId }: { currency: Currency; headingId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const history = useLedgerHistory(currency);
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];
  const signed = (entry: LedgerEntry) => {
    const text = format.price({ amount: entry.amount, currency: entry.currency });
    return entry.amount > 0 ? `+${text}` : text;
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('wallet.history.heading', { currency })}
      </h2>
      {history.isPending ? <p role="status">{t('wallet.history.loading')}</p> : null}
      {history.isError ? (
        <div className={styles.box} role="alert">
          <p className={styles.boxTitle}>{t('wallet.history.loadFailed')}</p>
          <p className={styles.muted}>{apiErrorText(history.error, t)}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void history.refetch()}
          >
            {t('wallet.retry')}
          </button>
        </div>
      ) : null}
      {history.isSuccess && entries.length === 0 ? (
        <p className={styles.muted}>{t('wallet.history.empty')}</p>
      ) : null}
      {entries.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">
              {t('wallet.history.heading', { currency })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('wallet.history.date')}</th>
                <th scope="col">{t('wallet.history.kind')}</th>
                <th scope="col" className={styles.number}>
                  {t('wallet.history.amount')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('wallet.history.balanceAfter')}
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{format.date(entry.createdAt)}</td>
                  <td>{isKnownKind(entry.kind) ? t(`wallet.kinds.${entry.kind}`) : entry.kind}</td>
                  <td
                    className={`${styles.number} ${entry.amount > 0 ? styles.credit : styles.debit}`}
                  >
                    {signed(entry)}
                  </td>
                  <td className={styles.number}>
                    {format.price({ amount: entry.balanceAfter, currency: entry.currency })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {history.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? t('wallet.history.loadingMore') : t('wallet.history.more')}
        </button>
      ) : null}
    </section>
  );
}
