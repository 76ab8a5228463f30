import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { FormStatus, SubmitButton } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { useSubmitError } from '../../../lib/form-validation';

/**
 * The submit of an account form that confirms success in place. `done` is cleared when the next
 * attempt starts, so an old confirmation never stands beside a new error.
 */
export function useAccountSubmit<T extends FieldValues, Output>(
  form: UseFormReturn<T, unknown, Output>,
  save: (request: Output) => Promise<void>,
) {
  const [done, setDone] = useState(false);
  const submitError = useSubmitError(form);
  const submit = form.handleSubmit((request) =>
    submitError.attempt(async () => {
      setDone(false);
      await save(request);
      setDone(true);
    }),
  );
  return { submit, submitError, done };
}

interface AccountFormActionsProps {
  busy: boolean;
  label: string;
  busyLabel: string;
  /** The confirmation after a successful submit; null before it. */
  status: string | null;
}

/** The submit button with the confirmation beside it. */
export function AccountFormActions({ busy, label, busyLabel, status }: AccountFormActionsProps) {
  return (
    <div className={formStyles.actions}>
      <SubmitButton busy={busy} label={label} busyLabel={busyLabel} />
      <FormStatus>{status}</FormStatus>
    </div>
  );
}
