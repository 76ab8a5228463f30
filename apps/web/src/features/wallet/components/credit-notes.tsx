import { useTranslation } from 'react-i18next';
import { creditNoteFileName, type CreditNote } from '@pictura/contract';
import { useFormat } from '../../../lib/format';
import { useCreditNotes } from '../api/get-credit-notes';
import { DocumentList } from './document-list';

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
  const itemText = useItemText();
  return (
    <DocumentList
      headingId={headingId}
      query={useCreditNotes()}
      texts={{
        heading: t('receipts.creditNotes.heading'),
        intro: t('receipts.creditNotes.intro'),
        loading: t('receipts.creditNotes.loading'),
        loadFailed: t('receipts.creditNotes.loadFailed'),
        retry: t('wallet.retry'),
        empty: t('receipts.creditNotes.empty'),
        download: t('receipts.creditNotes.download'),
        downloading: t('receipts.downloading'),
        downloadFailed: t('receipts.creditNotes.downloadFailed'),
      }}
      describe={(note) => ({
        id: `credit-note-${note.number}`,
        label: itemText(note),
        url: note.url,
        fileName: creditNoteFileName(note.number),
      })}
    />
  );
}
