import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  GiftCardRedemptionSchema,
  type BalanceResponse,
  type GiftCardRedemption,
} from '@pictura/contract';
import { FormAlert, FormStatus, SubmitButton } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { invalidateBalance } from '../../../lib/api/get-balance';
import { formAlertText, formResolver, useSubmitError } from '../../../lib/form-validation';
import { useFormat } from '../../../lib/format';
import { redeemGiftCard } from '../api/redeem-gift-card';
import styles from './wallet.module.css';

const resolver = formResolver(GiftCardRedemptionSchema);

/**
 * Redeem a gift card code: on success the new balance of the card's currency is shown and every
 * balance and the history are fetched again. The server's reason for refusing a code is shown as
 * one sentence in the active language: whether a code is unknown or already used is no business
 * of someone guessing codes.
 */
export function RedeemGiftCardForm({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [credited, setCredited] = useState<BalanceResponse | null>(null);
  const form = useForm<GiftCardRedemption>({ resolver, defaultValues: { giftCardNumber: '' } });
  const submitError = useSubmitError(form);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;

  const submit = handleSubmit((request) =>
    submitError.attempt(async () => {
      setCredited(null);
      setBusy(true);
      try {
        const balance = await redeemGiftCard(request);
        setCredited(balance);
        reset();
        await invalidateBalance(queryClient);
      } finally {
        setBusy(false);
      }
    }),
  );

  const codeError =
    errors.giftCardNumber?.type === 'server'
      ? { ...errors.giftCardNumber, message: t('wallet.redeem.invalidCode') }
      : errors.giftCardNumber;

  return (
    <form
      method="post"
      className={`${formStyles.form} ${styles.wide}`}
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void submit(event)}
    >
      <h2 id={headingId} className={formStyles.heading}>
        {t('wallet.redeem.heading')}
      </h2>
      <p className={formStyles.text}>{t('wallet.redeem.text')}</p>
      <FormAlert text={formAlertText(submitError.error, submitError.fieldNames, t)} />
      <TextField
        label={t('wallet.redeem.code')}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        registration={register('giftCardNumber')}
        error={codeError}
      />
      <div className={formStyles.actions}>
        <SubmitButton
          busy={busy}
          label={t('wallet.redeem.submit')}
          busyLabel={t('wallet.redeem.busy')}
        />
        <FormStatus>
          {credited ? t('wallet.redeem.done', { balance: format.price(credited) }) : null}
        </FormStatus>
      </div>
    </form>
  );
}
