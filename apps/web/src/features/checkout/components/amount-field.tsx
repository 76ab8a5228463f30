import { useTranslation } from 'react-i18next';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import type { Currency } from '@pictura/contract';
import { FieldMessages, useFieldIds } from '../../../components/form/text-field';
import formStyles from '../../../components/form/form.module.css';
import { useFormat } from '../../../lib/format';
import { fieldErrorText } from '../../../lib/form-validation';
import { AMOUNT_ERRORS } from '../amount';

interface AmountFieldProps {
  label: string;
  currency: Currency;
  min: number;
  max: number;
  registration: UseFormRegisterReturn;
  error?: FieldError;
}

/**
 * An amount typed in major units ("50" or "12,50"). Its own errors are kept as a code and worded
 * when shown, so they follow a language switch like the other fields' errors.
 */
export function AmountField({ label, currency, min, max, registration, error }: AmountFieldProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const range = {
    min: format.price({ amount: min, currency }),
    max: format.price({ amount: max, currency }),
  };
  const errorText =
    error?.message === AMOUNT_ERRORS.format
      ? t('checkout.amountFormat')
      : error?.message === AMOUNT_ERRORS.range
        ? t('checkout.amountRange', range)
        : fieldErrorText(error?.message, t);
  const { hintId, errorId, controlProps } = useFieldIds(true, errorText);
  return (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={controlProps.id}>
        {label}
      </label>
      <input
        className={formStyles.input}
        inputMode="decimal"
        autoComplete="off"
        {...controlProps}
        {...registration}
      />
      <FieldMessages
        hint={t('checkout.amountHint', range)}
        hintId={hintId}
        errorText={errorText}
        errorId={errorId}
      />
    </div>
  );
}
