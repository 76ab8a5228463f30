import { useTranslation } from 'react-i18next';
import { receiptFileName } from '@pictura/contract';
import { useFormat } from '../../../lib/format';
import { useDepositReceipts } from '../api/get-deposit-receipts';
import { DocumentList } from './document-list';

/** The receipts of the user's deposits, newest first, each downloadable as a PDF. */
export function DepositReceipts({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <DocumentList
      headingId={headingId}
      query={useDepositReceipts()}
      texts={{
        heading: t('receipts.wallet.heading'),
        intro: t('receipts.wallet.intro'),
        loading: t('receipts.wallet.loading'),
        loadFailed: t('receipts.wallet.loadFailed'),
        retry: t('wallet.retry'),
        empty: t('receipts.wallet.empty'),
        download: t('receipts.download'),
        downloading: t('receipts.downloading'),
        downloadFailed: t('receipts.downloadFailed'),
      }}
      describe={(receipt) => ({
        id: `deposit-receipt-${receipt.number}`,
        label: t('receipts.wallet.item', {
          number: receipt.number,
          date: format.date(receipt.issuedAt),
          amount: format.price(receipt.amount),
        }),
        url: receipt.url,
        fileName: receiptFileName(receipt.number),
      })}
    />
  );
}
