import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { fieldErrorText } from '../../lib/form-validation';
import styles from './form.module.css';

/** Ids tying a control to its hint and error, so a screen reader reads them with the label. */
export function useFieldIds(hasHint: boolean, errorText: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hasHint ? hintId : null, errorText ? errorId : null].filter(Boolean);
  return {
    id,
    hintId,
    errorId,
    controlProps: {
      id,
      'aria-invalid': errorText ? true : undefined,
      'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined,
    },
  };
}

export function FieldMessages({
  hint,
  hintId,
  errorText,
  errorId,
}: {
  hint?: ReactNode;
  hintId: string;
  errorText: string | undefined;
  errorId: string;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {errorText ? (
        <p id={errorId} className={styles.error}>
          {errorText}
        </p>
      ) : null}
    </>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | keyof UseFormRegisterReturn>;

interface TextFieldProps extends InputProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  hint?: ReactNode;
  /** More about the value, under the error (e.g. a password-strength meter). */
  children?: ReactNode;
}

/** A labelled input with its hint and its error (translated when it is a validation token). */
export function TextField({
  label,
  registration,
  error,
  hint,
  children,
  ...input
}: TextFieldProps) {
  const { t } = useTranslation();
  const errorText = fieldErrorText(error?.message, t);
  const { hintId, errorId, controlProps } = useFieldIds(Boolean(hint), errorText);
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={controlProps.id}>
        {label}
      </label>
      <input className={styles.input} {...input} {...controlProps} {...registration} />
      <FieldMessages hint={hint} hintId={hintId} errorText={errorText} errorId={errorId} />
      {children}
    </div>
  );
}
