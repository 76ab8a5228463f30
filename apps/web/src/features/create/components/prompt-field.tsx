import type { TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import formStyles from '../../../components/form/form.module.css';
import { FieldMessages, useFieldIds } from '../../../components/form/text-field';
import { fieldErrorText } from '../../../lib/form-validation';
import styles from './create-form.module.css';

type TextAreaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | keyof UseFormRegisterReturn
>;

interface PromptFieldProps extends TextAreaProps {
  label: string;
  hint: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
}

/** The prompt: a few lines of text, wired to its hint and error like the shared TextField. */
export function PromptField({ label, hint, registration, error, ...textarea }: PromptFieldProps) {
  const { t } = useTranslation();
  const errorText = fieldErrorText(error?.message, t);
  const { hintId, errorId, controlProps } = useFieldIds(true, errorText);
  return (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={controlProps.id}>
        {label}
      </label>
      <textarea
        className={`${formStyles.input} ${styles.prompt}`}
        rows={3}
        {...textarea}
        {...controlProps}
        {...registration}
      />
      <FieldMessages hint={hint} hintId={hintId} errorText={errorText} errorId={errorId} />
    </div>
  );
}
