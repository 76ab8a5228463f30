import { useTranslation } from 'react-i18next';
import { creditNoteFileName, type CreditNote } from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { useFileDownload } from '../../../lib/use-file-download';
import { useCreditNotes } from '../api/get-credit-notes';
import styles from './wallet.module.css';

/** What one credit note says in the list: its number, date, amount and what it corrects. */
function useItemText() {
  const { t } = useTranslation();
  const format = useFormat();
  return (note: CreditNote) => {
    const values = {
      number: note.number,
      date: format.date(note.issuedAt),
      amount: format.price(note.amount),
      receipt: note.receiptNumber,
      cancels: note.cancels ?? 0,
    };
    return note.cancels === null
      ? t(`receipts.creditNotes.item.${note.reason === 'refund' ? 'refund' : 'dispute'}`, values)
      : t('receipts.creditNotes.item.cancellation', values);
  };
}

/**
 * The user's credit notes beside the receipts, newest first: each names the receipt it corrects
 * (a dispute won's cancellation also the note it cancels) and downloads as a PDF.
 */
export function CreditNotes({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const notes = useCreditNotes();
  const itemText = useItemText();
  const { busy, failure, download } = useFileDownload();

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('receipts.creditNotes.heading')}
      </h2>
      <p className={styles.muted}>{t('receipts.creditNotes.intro')}</p>
      {notes.isPending ? <p role="status">{t('receipts.creditNotes.loading')}</p> : null}
      {notes.isError ? (
        <div className={styles.box} role="alert">
          <p className={styles.boxTitle}>{t('receipts.creditNotes.loadFailed')}</p>
          <p className={styles.muted}>{apiErrorText(notes.error, t)}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void notes.refetch()}
          >
            {t('wallet.retry')}
          </button>
        </div>
      ) : null}
      {notes.isSuccess && notes.data.length === 0 ? (
        <p className={styles.muted}>{t('receipts.creditNotes.empty')}</p>
      ) : null}
      {notes.isSuccess && notes.data.length > 0 ? (
        <ul className={styles.receipts}>
          {notes.data.map((note) => {
            const key = `credit-note-${note.number}`;
            return (
              <li key={key} className={styles.receipt}>
                <span id={key}>{itemText(note)}</span>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy !== null}
                  aria-describedby={key}
                  onClick={() => void download(key, note.url, creditNoteFileName(note.number))}
                >
                  {busy === key ? t('receipts.downloading') : t('receipts.creditNotes.download')}
                </button>
                {failure?.key === key ? (
                  <p className={styles.error} role="alert">
                    {t('receipts.creditNotes.downloadFailed')} {apiErrorText(failure.error, t)}
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
