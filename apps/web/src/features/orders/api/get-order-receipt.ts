import { apiPathTo, receiptFileName } from '@pictura/contract';

/** GET /api/orders/{orderId}/receipt: where a paid order's receipt (PDF) is, and its file name. */
export const orderReceiptFile = (orderId: number, receiptNumber: number) => ({
  url: apiPathTo.orderReceipt(orderId),
  fileName: receiptFileName(receiptNumber),
});
