import { useMemo } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DepositRequestSchema,
  LIMITS,
  type Currency,
  type DepositRequest,
} from '@pictura/contract';
import { FormAlert, SubmitButton } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import type { SelectOption } from '../../../components/form/select-field';
import { useFormat } from '../../../lib/format';
import { formAlertText, formResolver, useSubmitError } from '../../../lib/form-validation';
import { checkAmount } from '../amount';
import { startDeposit } from '../api/start-deposit';
import {
  billingRequest,
  BillingFormSchema,
  saveDetailsIfAsked,
  type BillingDetails,
  type BillingFormOutput,
  type BillingValues,
} from '../billing-values';
import { collectBrowserInfo } from '../browser-info';
import { useBillingDefaults } from '../use-checkout-profile';
import { useStartPayment } from '../use-start-payment';
import { AmountField } from './amount-field';
import { AgreementField, BillingFields, SaveDetailsField } from './billing-fields';
import styles from './checkout.module.css';

type DepositValues = BillingValues & { depositAmount: string };
type DepositOutput = BillingFormOutput & { depositAmount: number };

const billingResolver = formResolver<typeof BillingFormSchema, DepositValues>(BillingFormSchema);

/** The contract's billing rules plus the amount, typed in major units and read into minor units. */
function depositResolver(currency: Currency): Resolver<DepositValues, unknown, DepositOutput> {
  return async (values, context, options) => {
    const result = await billingResolver(values, context, options);
    const amount = checkAmount(
      values.depositAmount,
      currency,
      LIMITS.depositMin,
      LIMITS.depositMax,
    );
    const errors: FieldErrors<DepositValues> = amount.ok
      ? result.errors
      : { ...result.errors, depositAmount: { type: 'amount', message: amount.error } };
    if (!amount.ok || Object.keys(errors).length > 0) return { values: {}, errors };
    // No error: the billing resolver has answered its parsed values.
    const billing = result.values as BillingFormOutput;
    return { values: { ...billing, depositAmount: amount.amount }, errors: {} };
  };
}

interface DepositFormProps {
  currency: Currency;
  countries: readonly SelectOption[];
  /** Runs once the deposit is created, before the shopper leaves for the payment page. */
  onStarted?: () => void;
  /** Keeps the typed name and address in the profile (composed in by the page, from accounts). */
  onSaveDetails: (details: BillingDetails) => Promise<void>;
  headingId: string;
}

/**
 * Top up the balance by card (POST /api/balance/deposit): amount within the deposit limits,
 * billing fields from the profile, the agreement and the browser info; the answer's payment link
 * is stored and opened under the order-processing flag, as for an order.
 */
export function DepositForm({
  currency,
  countries,
  onStarted,
  onSaveDetails,
  headingId,
}: DepositFormProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const defaults = useBillingDefaults();
  const { start, processing } = useStartPayment();
  const resolver = useMemo(() => depositResolver(currency), [currency]);
  const form = useForm<DepositValues, unknown, DepositOutput>({
    resolver,
    values: useMemo(() => ({ ...defaults, depositAmount: '' }), [defaults]),
    resetOptions: { keepDirtyValues: true },
  });
  const submitError = useSubmitError(form);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const submit = handleSubmit(({ depositAmount, ...billing }) =>
    submitError.attempt(() => {
      const request: DepositRequest = DepositRequestSchema.parse({
        ...billingRequest(billing),
        depositAmount,
        currency,
        ...collectBrowserInfo(),
      });
      return start(
        { deposit: request },
        async (key) => {
          await saveDetailsIfAsked(billing, onSaveDetails);
          return startDeposit(request, key);
        },
        onStarted,
      );
    }),
  );

  return (
    <form
      method="post"
      className={`${formStyles.form} ${styles.form}`}
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void submit(event)}
    >
      <h2 id={headingId} className={formStyles.heading}>
        {t('checkout.deposit.heading')}
      </h2>
      <p className={formStyles.text}>{t('checkout.deposit.text')}</p>
      <FormAlert text={formAlertText(submitError.error, submitError.fieldNames, t)} />
      <AmountField
        label={t('checkout.deposit.amount', { symbol: format.currencySymbol(currency) })}
        currency={currency}
        min={LIMITS.depositMin}
        max={LIMITS.depositMax}
        registration={register('depositAmount')}
        error={errors.depositAmount}
      />
      <BillingFields register={(name) => register(name)} errors={errors} countries={countries} />
      <SaveDetailsField registration={register('saveDetails')} />
      <AgreementField registration={register('agreedToPP_TOS')} error={errors.agreedToPP_TOS} />
      <p className={styles.note}>{t('checkout.redirectNote')}</p>
      <div className={formStyles.actions}>
        <SubmitButton
          busy={processing}
          label={t('checkout.deposit.submit')}
          busyLabel={t('checkout.busy')}
        />
      </div>
    </form>
  );
}
