import type { DepositRequest, PaymentLinkResponse } from '@pictura/contract';
import type { Db } from '../../infra/db/index.js';
import { userContact } from '../accounts/index.js';
import type { PaymentsService } from '../payments/index.js';
import { deposits } from './schema.js';

/** How long a deposit's payment link may be paid; then the expiry sweep settles it. */
export const DEPOSIT_PAYMENT_WINDOW_MS = 30 * 60_000;
/** What the provider's page says the shopper pays for. */
export const DEPOSIT_DESCRIPTION = 'Pictura balance top-up';

export interface WalletDeps {
  db: Db;
  payments: PaymentsService;
}

/** Topping the balance up: a deposit is a payment whose settlement credits the balance. */
export function createWalletService({ db, payments }: WalletDeps) {
  return {
    /**
     * Starts a top-up: a pending payment of the amount, and the provider's page to pay it on. The
     * balance moves only when the provider confirms the payment (see settlement.ts). The billing
     * fields go to the provider and the deposit's receipt; the profile keeps its own.
     */
    async startDeposit(
      userId: string,
      request: DepositRequest,
      shopUrl?: string,
      now: Date = new Date(),
    ): Promise<PaymentLinkResponse> {
      const contact = await userContact(db, userId);
      const payment = await db.transaction(async (tx) => {
        const created = await payments.create(tx, {
          userId,
          purpose: 'deposit',
          orderId: null,
          amount: request.depositAmount,
          currency: request.currency,
          expiresAt: new Date(now.getTime() + DEPOSIT_PAYMENT_WINDOW_MS),
        });
        // Kept for the deposit's receipt only.
        await tx.insert(deposits).values({
          paymentId: created.id,
          userId,
          firstName: request.firstName,
          lastName: request.lastName,
          country: request.country,
          city: request.city,
          address1: request.address1,
          state: request.state || null,
          zipCode: request.zipCode,
        });
        return created;
      });
      const paymentLink = await payments.open(payment, {
        shopUrl,
        description: DEPOSIT_DESCRIPTION,
        customer: {
          email: contact.email,
          firstName: request.firstName,
          lastName: request.lastName,
          country: request.country,
          city: request.city,
          address1: request.address1,
          state: request.state,
          zipCode: request.zipCode,
        },
        browser: {
          javascriptEnabled: request.javascriptEnabled,
          acceptLanguage: request.acceptLanguage,
          screenWidth: request.screenWidth,
          screenHeight: request.screenHeight,
          timeZone: request.timeZone,
          userAgent: request.userAgent,
        },
        locale: contact.locale,
      });
      return { paymentLink };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
