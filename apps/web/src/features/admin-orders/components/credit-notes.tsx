import { useTranslation } from 'react-i18next';
import {
  creditNoteFileName,
  type AdminCreditNote,
  type AdminCreditNoteQuery,
} from '@pictura/contract';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormat } from '../../../lib/format';
import { useFileDownload } from '../../../lib/use-file-download';
import { useAdminCreditNotes } from '../api/get-credit-notes';
import { PaymentListSection, PaymentPurposeCell } from './payment-list-section';
import styles from '../../../components/admin/admin-area.module.css';

/** Why it was issued, in the owner's words; a dispute won's names the note it cancels. */
function useReasonText() {
  const { t } = useTranslation();
  return (note: AdminCreditNote) =>
    note.cancels !== null
      ? t('admin.orders.creditNotes.reasons.disputeWon', { cancels: note.cancels })
      : note.reason === 'refund'
        ? t('admin.orders.creditNotes.reasons.refund')
        : t('admin.orders.creditNotes.reasons.dispute');
}

/**
 * The credit notes refunds and reversals issued, newest first: number, date, why, the receipt it
 * corrects, the amount and the PDF as the buyer was sent it. An order's on its page (`orderId`);
 * without one, the newest of the shop with the customer and what the receipt was for.
 */
export function CreditNotes(
  props: { orderId: number } | { orderHref: (orderId: number) => string },
) {
  const orderId = 'orderId' in props ? props.orderId : undefined;
  const { t } = useTranslation();
  const format = useFormat();
  const reasonText = useReasonText();
  const { busy, failure, download } = useFileDownload();
  const filter: AdminCreditNoteQuery = orderId === undefined ? {} : { OrderId: orderId };
  const wholeShop = orderId === undefined;
  return (
    <PaymentListSection
      headingId={wholeShop ? 'admin-credit-notes' : 'admin-order-credit-notes'}
      heading={t('admin.orders.creditNotes.heading')}
      intro={
        wholeShop
          ? t('admin.orders.creditNotes.introNewest')
          : t('admin.orders.creditNotes.introOrder')
      }
      empty={
        wholeShop ? t('admin.orders.creditNotes.empty') : t('admin.orders.creditNotes.emptyOrder')
      }
      query={useAdminCreditNotes(filter)}
      columns={[
        { label: t('admin.orders.creditNotes.number'), wraps: true },
        { label: t('admin.orders.creditNotes.issued') },
        { label: t('admin.orders.creditNotes.reason') },
        ...(wholeShop
          ? [
              { label: t('admin.orders.creditNotes.customer') },
              { label: t('admin.orders.creditNotes.for') },
            ]
          : []),
        { label: t('admin.orders.creditNotes.corrects') },
        { label: t('admin.orders.creditNotes.amount'), numeric: true },
        { label: t('admin.orders.creditNotes.document') },
      ]}
      rowKey={(note) => String(note.number)}
      renderCells={(note) => {
        const id = `admin-credit-note-${note.number}`;
        return (
          <>
            <td id={id}>{t('admin.orders.creditNotes.numbered', { number: note.number })}</td>
            <td>{format.date(note.issuedAt)}</td>
            <td className={styles.wraps}>{reasonText(note)}</td>
            {'orderHref' in props ? (
              <>
                <td>{note.customerEmail ?? t('admin.orders.creditNotes.deletedAccount')}</td>
                <PaymentPurposeCell
                  orderId={note.orderId}
                  orderHref={props.orderHref}
                  depositLabel={t('admin.orders.creditNotes.deposit')}
                />
              </>
            ) : null}
            <td>{t('admin.orders.creditNotes.receipt', { number: note.receiptNumber })}</td>
            <td className={styles.number}>{format.price(note.amount)}</td>
            <td>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy !== null}
                aria-describedby={id}
                onClick={() => void download(id, note.url, creditNoteFileName(note.number))}
              >
                {busy === id
                  ? t('admin.orders.creditNotes.downloading')
                  : t('admin.orders.creditNotes.download')}
              </button>
              {failure?.key === id ? (
                <p role="alert" className={styles.alert}>
                  {t('admin.orders.creditNotes.downloadFailed')} {apiErrorText(failure.error, t)}
                </p>
              ) : null}
            </td>
          </>
        );
      }}
    />
  );
}
