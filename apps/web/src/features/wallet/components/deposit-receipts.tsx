import { useTranslation } from 'react-i18next';
import { receiptFileName } from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { useFileDownload } from '../../../lib/use-file-download';
import { useDepositReceipts } from '../api/get-deposit-receipts';
import styles from './wallet.module.css';

/** The receipts of the user's deposits, newest first, each downloadable as a PDF. */
export function DepositReceipts({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const receipts = useDepositReceipts();
  const { busy, failure, download } = useFileDownload();

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('receipts.wallet.heading')}
      </h2>
      <p className={styles.muted}>{t('receipts.wallet.intro')}</p>
      {receipts.isPending ? <p role="status">{t('receipts.wallet.loading')}</p> : null}
      {receipts.isError ? (
        <div className={styles.box} role="alert">
          <p className={styles.boxTitle}>{t('receipts.wallet.loadFailed')}</p>
          <p className={styles.muted}>{apiErrorText(receipts.error, t)}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void receipts.refetch()}
          >
            {t('wallet.retry')}
          </button>
        </div>
      ) : null}
      {receipts.isSuccess && receipts.data.length === 0 ? (
        <p className={styles.muted}>{t('receipts.wallet.empty')}</p>
      ) : null}
      {receipts.isSuccess && receipts.data.length > 0 ? (
        <ul className={styles.receipts}>
          {receipts.data.map((receipt) => {
            const key = String(receipt.number);
            const labelId = `deposit-receipt-${receipt.number}`;
            return (
              <li key={key} className={styles.receipt}>
                <span id={labelId}>
                  {t('receipts.wallet.item', {
                    number: receipt.number,
                    date: format.date(receipt.issuedAt),
                    amount: format.price(receipt.amount),
                  })}
                </span>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy !== null}
                  aria-describedby={labelId}
                  onClick={() => void download(key, receipt.url, receiptFileName(receipt.number))}
                >
                  {busy === key ? t('receipts.downloading') : t('receipts.download')}
                </button>
                {failure?.key === key ? (
                  <p className={styles.error} role="alert">
                    {t('receipts.downloadFailed')} {apiErrorText(failure.error, t)}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
