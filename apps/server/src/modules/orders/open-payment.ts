import { and, eq } from 'drizzle-orm';
import type { UserContact } from '../accounts/index.js';
import type { PaymentRow } from '../payments/index.js';
import type { OrdersDeps } from './deps.js';
import { orders, type OrderRow } from './schema.js';

/** What the provider's page says the shopper pays for. */
const orderDescription = (orderId: number): string => `Pictura order ${orderId}`;

/**
 * Opens the provider's page for an order's payment, after the transaction that wrote it: the
 * customer is the order's billing fields and the user's email, the page speaks the user's
 * language, and returns the shopper to `shopUrl` (undefined: PUBLIC_URL). The link is kept on the
 * order for its history and for paying later. When the provider refuses, the payments module
 * settles the payment as failed (the order fails and its balance part comes back) and this throws
 * its 503.
 */
export async function openOrderPayment(
  deps: OrdersDeps,
  order: OrderRow,
  payment: PaymentRow,
  contact: UserContact,
  shopUrl?: string,
): Promise<string> {
  const paymentLink = await deps.payments.open(payment, {
    shopUrl,
    description: orderDescription(order.id),
    customer: {
      email: contact.email,
      firstName: order.firstName,
      lastName: order.lastName,
      country: order.country,
      city: order.city,
      address1: order.address1,
      state: order.state ?? undefined,
      zipCode: order.zipCode,
    },
    browser: {
      javascriptEnabled: order.javascriptEnabled,
      acceptLanguage: order.acceptLanguage,
      screenWidth: order.screenWidth,
      screenHeight: order.screenHeight,
      timeZone: order.timeZone,
      userAgent: order.userAgent,
    },
    locale: contact.locale,
  });
  await deps.db
    .update(orders)
    .set({ paymentLink })
    .where(
      and(eq(orders.id, order.id), eq(orders.paymentId, payment.id), eq(orders.status, 'pending')),
    );
  return paymentLink;
}
