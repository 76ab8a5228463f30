import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/index.js';
import { issueReceipt, type ReceiptLine } from '../receipts/index.js';
import type { OrdersDeps } from './deps.js';
import { orderItems, type OrderRow } from './schema.js';

/**
 * The paid order's receipt, issued in the transaction that marked it paid: its artwork lines
 * with the VAT fixed when the order was placed, and its gift card, which carries none (a
 * multi-purpose voucher: VAT is due when it is spent;
 * docs/decisions/money/gift-cards-and-deposits-carry-no-vat-the-artwork-they-pay.md).
 */
export async function issueOrderReceipt(
  tx: Db,
  deps: Pick<OrdersDeps, 'config' | 'outbox'>,
  order: OrderRow,
): Promise<void> {
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position));
  const lines: ReceiptLine[] = items.map((item) => ({
    kind: 'artwork',
    title: item.title,
    variant: item.kind,
    gross: item.price,
    vatCountry: item.vatRate > 0 ? item.vatCountry : null,
    vatRate: item.vatRate,
    vat: item.vatAmount,
  }));
  if (order.giftCardAmount > 0) {
    lines.push({
      kind: 'giftCard',
      title: '',
      variant: null,
      gross: order.giftCardAmount,
      vatCountry: null,
      vatRate: 0,
      vat: 0,
    });
  }
  await issueReceipt(
    tx,
    { seller: deps.config.shop, outbox: deps.outbox },
    {
      userId: order.userId,
      subject: { kind: 'order', orderId: order.id },
      currency: order.currency,
      billing: {
        firstName: order.firstName,
        lastName: order.lastName,
        address1: order.address1,
        city: order.city,
        zipCode: order.zipCode,
        state: order.state,
        country: order.country,
      },
      lines,
    },
  );
}
