import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { fieldErrorText } from '../../lib/form-validation';
import { FieldMessages, useFieldIds } from './text-field';
import styles from './form.module.css';

interface CheckboxFieldProps {
  /** May hold a link (e.g. to the privacy policy). */
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: FieldError;
}

export function CheckboxField({ label, registration, error }: CheckboxFieldProps) {
  const { t } = useTranslation();
  const errorText = fieldErrorText(error?.message, t);
  const { hintId, errorId, controlProps } = useFieldIds(false, errorText);
  return (
    <div className={styles.field}>
      <div className={styles.checkbox}>
        <input type="checkbox" {...controlProps} {...registration} />
        <label htmlFor={controlProps.id}>{label}</label>
      </div>
      <FieldMessages hintId={hintId} errorText={errorText} errorId={errorId} />
    </div>
  );
}
