// The receipts module's public face: its plugin, issuing a receipt in a settling transaction, the
// order history's receipt numbers, and the mail worker's PDF attachment.
export { receiptsModule } from './module.js';
export {
  issueReceipt,
  type BillingDetails,
  type ReceiptInput,
  type ReceiptIssuer,
} from './issue.js';
export { receiptNumbersOfOrders } from './queries.js';
export { receiptAttachment } from './attachments.js';
export type { ReceiptLine, ReceiptSeller } from './schema.js';
