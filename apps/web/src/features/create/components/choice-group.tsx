import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import styles from './create-form.module.css';

export interface Choice {
  value: string;
  label: string;
  hint?: string;
}

interface ChoiceGroupProps {
  legend: string;
  choices: readonly Choice[];
  registration: UseFormRegisterReturn;
  /** The field's error, already translated; tied to the group through aria-describedby. */
  error?: string;
  errorId: string;
  children?: ReactNode;
}

/** A few mutually exclusive options as a row of radio buttons that look like a segmented control. */
export function ChoiceGroup({
  legend,
  choices,
  registration,
  error,
  errorId,
  children,
}: ChoiceGroupProps) {
  return (
    <fieldset className={styles.group} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.choices}>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.choice}>
            <input
              className="visually-hidden"
              type="radio"
              value={choice.value}
              {...registration}
            />
            <span className={styles.choiceLabel}>{choice.label}</span>
            {choice.hint ? <span className={styles.choiceHint}>{choice.hint}</span> : null}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}
