import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  OrderRequestSchema,
  type CartItem,
  type Money,
  type OrderRequest,
} from '@pictura/contract';
import { FormAlert, SubmitButton } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import type { SelectOption } from '../../../components/form/select-field';
import { useBalanceIn } from '../../../lib/api/get-balance';
import { formAlertText, formResolver, useSubmitError } from '../../../lib/form-validation';
import { placeOrder } from '../api/place-order';
import {
  billingRequest,
  BillingFormSchema,
  saveDetailsIfAsked,
  type BillingDetails,
  type BillingValues,
} from '../billing-values';
import { collectBrowserInfo } from '../browser-info';
import { useBillingDefaults } from '../use-checkout-profile';
import { useStartPayment } from '../use-start-payment';
import { AgreementField, BillingFields, SaveDetailsField } from './billing-fields';
import styles from './checkout.module.css';
import { balancePart, PayByBalance } from './pay-by-balance';

const CheckoutFormSchema = BillingFormSchema.extend({ payByBalance: z.boolean() });
type CheckoutValues = BillingValues & { payByBalance: boolean };
const resolver = formResolver<typeof CheckoutFormSchema, CheckoutValues>(CheckoutFormSchema);

export interface CheckoutOrder {
  cartItems: CartItem[];
  /** Minor units; 0 without a gift card. */
  giftCardAmount: number;
  total: Money;
}

interface CheckoutFormProps {
  order: CheckoutOrder;
  countries: readonly SelectOption[];
  /** Runs once the order exists, before the shopper leaves: the page clears the cart there. */
  onOrdered: () => void;
  /** Keeps the typed name and address in the profile (composed in by the page, from accounts). */
  onSaveDetails: (details: BillingDetails) => Promise<void>;
}

/**
 * Checkout (docs/product/money.md#orders): billing fields from the profile, the agreement, the
 * pay-by-balance switch, and the browser info collected here. A successful order answers the
 * payment link, which is stored and opened; the order-processing flag blocks a second submit.
 */
export function CheckoutForm({ order, countries, onOrdered, onSaveDetails }: CheckoutFormProps) {
  const { t } = useTranslation();
  const defaults = useBillingDefaults();
  const balance = useBalanceIn(order.total.currency);
  const { start, processing } = useStartPayment();
  const form = useForm<CheckoutValues, unknown, z.output<typeof CheckoutFormSchema>>({
    resolver,
    values: useMemo(() => ({ ...defaults, payByBalance: false }), [defaults]),
    resetOptions: { keepDirtyValues: true },
  });
  const submitError = useSubmitError(form);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form;
  const payByBalance = useWatch({ control, name: 'payByBalance' });
  const fromBalance = balancePart(balance, order.total, payByBalance);

  const submit = handleSubmit(({ payByBalance: useBalance, ...billing }) =>
    submitError.attempt(() => {
      const request: OrderRequest = OrderRequestSchema.parse({
        ...billingRequest(billing),
        cartItems: order.cartItems,
        giftCardAmount: order.giftCardAmount,
        currency: order.total.currency,
        // The shopper's choice, not the cached balance: a refetch between tries must not make a
        // retry another attempt. The server takes what the balance holds then, which may be 0.
        payByBalance: useBalance,
        ...collectBrowserInfo(),
      });
      return start(
        { order: request },
        async (key) => {
          await saveDetailsIfAsked(billing, onSaveDetails);
          return placeOrder(request, key);
        },
        onOrdered,
      );
    }),
  );

  const byCard = order.total.amount - fromBalance;
  return (
    <form
      method="post"
      className={`${formStyles.form} ${styles.form}`}
      noValidate
      aria-labelledby="checkout-heading"
      onSubmit={(event) => void submit(event)}
    >
      <h2 id="checkout-heading" className={formStyles.heading}>
        {t('checkout.heading')}
      </h2>
      <FormAlert text={formAlertText(submitError.error, submitError.fieldNames, t)} />
      <BillingFields register={(name) => register(name)} errors={errors} countries={countries} />
      <SaveDetailsField registration={register('saveDetails')} />
      <PayByBalance
        balance={balance}
        total={order.total}
        payByBalance={payByBalance}
        registration={register('payByBalance')}
      />
      <AgreementField registration={register('agreedToPP_TOS')} error={errors.agreedToPP_TOS} />
      <p className={styles.note}>
        {byCard > 0 ? t('checkout.redirectNote') : t('checkout.balanceNote')}
      </p>
      <div className={formStyles.actions}>
        <SubmitButton
          busy={processing}
          label={byCard > 0 ? t('checkout.submitCard') : t('checkout.submitBalance')}
          busyLabel={t('checkout.busy')}
        />
      </div>
    </form>
  );
}
