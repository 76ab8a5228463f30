import type { SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { fieldErrorText } from '../../lib/form-validation';
import { FieldMessages, useFieldIds } from './text-field';
import styles from './form.module.css';

export interface SelectOption {
  value: string;
  label: string;
}

type SelectProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | keyof UseFormRegisterReturn
>;

interface SelectFieldProps extends SelectProps {
  label: string;
  registration: UseFormRegisterReturn;
  options: readonly SelectOption[];
  /** The first, empty choice ("Choose a country"). */
  placeholder: string;
  error?: FieldError;
}

export function SelectField({
  label,
  registration,
  options,
  placeholder,
  error,
  ...select
}: SelectFieldProps) {
  const { t } = useTranslation();
  const errorText = fieldErrorText(error?.message, t);
  const { hintId, errorId, controlProps } = useFieldIds(false, errorText);
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={controlProps.id}>
        {label}
      </label>
      <select className={styles.input} {...select} {...controlProps} {...registration}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages hintId={hintId} errorText={errorText} errorId={errorId} />
    </div>
  );
}
