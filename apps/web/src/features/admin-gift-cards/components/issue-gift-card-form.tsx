import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  AdminGiftCardIssueSchema,
  CURRENCIES,
  LIMITS,
  LOCALES,
  parseMinorUnits,
  type AdminIssuedGiftCard,
  type Currency,
} from '@pictura/contract';
import { FormAlert, SubmitButton } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { formAlertText, formResolver, useSubmitError } from '../../../lib/form-validation';
import { useFormat } from '../../../lib/format';
import { ADMIN_GIFT_CARDS_QUERY_KEY } from '../api/get-issued-gift-cards';
import { issueGiftCard } from '../api/issue-gift-card';
import { IssuedCode } from './issued-code';

// The contract's request, except that the amount is typed in major units ("25" or "12,50").
// The range is checked with the other fields, so every mistake shows at once.
const IssueFormSchema = AdminGiftCardIssueSchema.extend({ amount: z.string() }).superRefine(
  (values, context) => {
    const amount = parseMinorUnits(values.amount, values.currency);
    if (amount === null || amount < LIMITS.giftCardMin || amount > LIMITS.giftCardMax) {
      context.addIssue({ code: 'custom', path: ['amount'], message: 'amount' });
    }
  },
);
type IssueFormValues = z.input<typeof IssueFormSchema>;
const resolver = formResolver(IssueFormSchema);

const defaultValues: IssueFormValues = {
  amount: '',
  currency: 'EUR',
  recipientEmail: '',
  message: '',
  locale: 'en',
  reason: '',
};

/**
 * Issue a goodwill gift card. On success the form gives way to the code, shown
 * this once with a copy button; the list of issued cards is fetched again.
 */
export function IssueGiftCardForm() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<{ card: AdminIssuedGiftCard; mailAsked: boolean } | null>(
    null,
  );
  const form = useForm<IssueFormValues, unknown, z.output<typeof IssueFormSchema>>({
    resolver,
    defaultValues,
  });
  const submitError = useSubmitError(form);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = form;
  const currency: Currency = useWatch({ control, name: 'currency' }) ?? 'EUR';
  const range = {
    min: format.price({ amount: LIMITS.giftCardMin, currency }),
    max: format.price({ amount: LIMITS.giftCardMax, currency }),
  };

  const submit = handleSubmit((values) =>
    submitError.attempt(async () => {
      // Checked by the schema above; null cannot reach this point.
      const amount = parseMinorUnits(values.amount, values.currency) ?? 0;
      setBusy(true);
      try {
        const card = await issueGiftCard({ ...values, amount });
        setIssued({ card, mailAsked: Boolean(values.recipientEmail) });
        reset(defaultValues);
        await queryClient.invalidateQueries({ queryKey: ADMIN_GIFT_CARDS_QUERY_KEY });
      } finally {
        setBusy(false);
      }
    }),
  );

  // The schema's range issue is worded here, with the amounts of the chosen currency.
  const amountError =
    errors.amount?.type === 'custom'
      ? { ...errors.amount, message: t('admin.giftCards.issue.amountInvalid', range) }
      : errors.amount;

  if (issued) {
    return (
      <IssuedCode card={issued.card} mailAsked={issued.mailAsked} onDone={() => setIssued(null)} />
    );
  }
  return (
    <form
      method="post"
      className={formStyles.form}
      noValidate
      aria-labelledby="admin-issue-gift-card"
      onSubmit={(event) => void submit(event)}
    >
      <h2 id="admin-issue-gift-card" className={formStyles.heading}>
        {t('admin.giftCards.issue.heading')}
      </h2>
      <FormAlert text={formAlertText(submitError.error, submitError.fieldNames, t)} />
      <SelectField
        label={t('admin.giftCards.issue.currency')}
        registration={register('currency')}
        options={CURRENCIES.map((code) => ({ value: code, label: code }))}
        placeholder={t('admin.giftCards.issue.currency')}
        error={errors.currency}
      />
      <TextField
        label={t('admin.giftCards.issue.amount')}
        inputMode="decimal"
        autoComplete="off"
        hint={t('admin.giftCards.issue.amountInvalid', range)}
        registration={register('amount')}
        error={amountError}
      />
      <TextField
        label={t('admin.giftCards.issue.reason')}
        autoComplete="off"
        registration={register('reason')}
        error={errors.reason}
      />
      <TextField
        label={t('admin.giftCards.issue.recipientEmail')}
        type="email"
        autoComplete="off"
        registration={register('recipientEmail')}
        error={errors.recipientEmail}
      />
      <TextField
        label={t('admin.giftCards.issue.message')}
        autoComplete="off"
        registration={register('message')}
        error={errors.message}
      />
      <SelectField
        label={t('admin.giftCards.issue.locale')}
        registration={register('locale')}
        options={LOCALES.map((locale) => ({ value: locale, label: t(`language.${locale}`) }))}
        placeholder={t('admin.giftCards.issue.locale')}
        error={errors.locale}
      />
      <div className={formStyles.actions}>
        <SubmitButton
          busy={busy}
          label={t('admin.giftCards.issue.submit')}
          busyLabel={t('admin.giftCards.issue.busy')}
        />
      </div>
    </form>
  );
}
