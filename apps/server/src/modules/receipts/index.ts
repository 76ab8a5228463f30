// The receipts module's public face: its plugin, issuing a receipt in a settling transaction, the
// order history's receipt numbers, the mail worker's PDF attachments, and the credit note every
// refund and reversal issues.
export { receiptsModule } from './module.js';
export {
  issueReceipt,
  type BillingDetails,
  type ReceiptInput,
  type ReceiptIssuer,
} from './issue.js';
export { receiptNumbersOfOrders } from './queries.js';
export { creditNoteAttachment, receiptAttachment } from './attachments.js';
export { issueCreditNote, type CreditedSubject, type CreditNoteInput } from './credit-notes.js';
export { cancelDisputeCreditNotes } from './credit-note-cancellation.js';
export { creditNotes, receipts } from './schema.js';
export { creditNoteFile } from './credit-note-file.js';
export type { ReceiptLine, ReceiptSeller } from './schema.js';
export { creditedVatByMonth, type CreditedVat } from './credit-note-figures.js';
