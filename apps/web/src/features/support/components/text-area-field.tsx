import type { TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FieldMessages, useFieldIds } from '../../../components/form/text-field';
import formStyles from '../../../components/form/form.module.css';
import { fieldErrorText } from '../../../lib/form-validation';
import styles from './contact-form.module.css';

type TextAreaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | keyof UseFormRegisterReturn
>;

interface TextAreaFieldProps extends TextAreaProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  hint?: string;
}

/** A labelled multi-line field, wired to its hint and error like the shared TextField. */
export function TextAreaField({
  label,
  registration,
  error,
  hint,
  ...textarea
}: TextAreaFieldProps) {
  const { t } = useTranslation();
  const errorText = fieldErrorText(error?.message, t);
  const { hintId, errorId, controlProps } = useFieldIds(Boolean(hint), errorText);
  return (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={controlProps.id}>
        {label}
      </label>
      <textarea
        className={`${formStyles.input} ${styles.textarea}`}
        {...textarea}
        {...controlProps}
        {...registration}
      />
      <FieldMessages hint={hint} hintId={hintId} errorText={errorText} errorId={errorId} />
    </div>
  );
}
