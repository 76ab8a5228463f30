import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFileDownload } from '../../../lib/use-file-download';
import { orderReceiptFile } from '../api/get-order-receipt';
import styles from './orders.module.css';

/** A paid order's receipt (with the VAT it includes), downloaded as a PDF. */
export function OrderReceipt({
  orderId,
  receiptNumber,
  describedBy,
}: {
  orderId: number;
  receiptNumber: number;
  describedBy: string;
}) {
  const { t } = useTranslation();
  const { busy, failure, download } = useFileDownload();
  const file = orderReceiptFile(orderId, receiptNumber);
  return (
    <div className={styles.actions}>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy !== null}
        aria-describedby={describedBy}
        onClick={() => void download(file.fileName, file.url, file.fileName)}
      >
        {busy
          ? t('receipts.downloading')
          : t('receipts.downloadNumbered', { number: receiptNumber })}
      </button>
      {failure ? (
        <p className={styles.alert} role="alert">
          {t('receipts.downloadFailed')} {apiErrorText(failure.error, t)}
        </p>
      ) : null}
    </div>
  );
}
