import { useTranslation } from 'react-i18next';
import type { Currency } from '@pictura/contract';
import { LedgerTable } from '../../../components/ledger-table';
import { apiErrorText } from '../../../lib/api-error-text';
import { useLedgerHistory } from '../api/get-ledger-history';
import styles from './wallet.module.css';

/** Every movement of the balance in the chosen currency, newest first, a page at a time. */
export function LedgerHistory({ currency, headingId }: { currency: Currency; headingId: string }) {
  const { t } = useTranslation();
  const history = useLedgerHistory(currency);
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];

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
        <LedgerTable
          entries={entries}
          caption={t('wallet.history.heading', { currency })}
          columns={{
            date: t('wallet.history.date'),
            kind: t('wallet.history.kind'),
            amount: t('wallet.history.amount'),
            balanceAfter: t('wallet.history.balanceAfter'),
          }}
          toned
        />
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
