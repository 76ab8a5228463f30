import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoginRequestSchema, TWO_STEP_MESSAGES } from '@pictura/contract';
import { FormAlert, SubmitButton } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { useAccount } from '../../../lib/account-store';
import { ApiError } from '../../../lib/api-client';
import { formAlertText, formResolver, useSubmitError } from '../../../lib/form-validation';
import { logIn } from '../api/log-in';

const resolver = formResolver(LoginRequestSchema);

/** The server's message on the `code` field: two-step sign-in is on for the account. */
const codeMessageOf = (failure: unknown): string | undefined =>
  failure instanceof ApiError ? failure.fieldErrors?.code : undefined;

/**
 * Email and password; when the account has two-step sign-in on, the server answers the right
 * password with a request for the code (docs/decisions/accounts.md), and the code field appears.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const busy = useAccount((state) => state.busy.login);
  const [codeAsked, setCodeAsked] = useState(false);
  const form = useForm({ resolver, defaultValues: { email: '', password: '' } });
  const submitError = useSubmitError(form);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = form;

  useEffect(() => {
    if (codeAsked) setFocus('code');
  }, [codeAsked, setFocus]);

  const submit = handleSubmit((credentials) =>
    submitError.attempt(async () => {
      try {
        await logIn(credentials);
      } catch (failure) {
        const codeMessage = codeMessageOf(failure);
        // The first ask is no error: the code field appears, with its own explanation.
        if (codeMessage === TWO_STEP_MESSAGES.codeRequired && !codeAsked) {
          setCodeAsked(true);
          return;
        }
        throw failure;
      }
      onLoggedIn();
    }),
  );

  return (
    <form
      method="post"
      className={formStyles.form}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <FormAlert text={formAlertText(submitError.error, submitError.fieldNames, t)} />
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email}
      />
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password}
      />
      {codeAsked ? (
        <>
          <p role="status" className={formStyles.text}>
            {t('twoStep.login.asked')}
          </p>
          <TextField
            label={t('twoStep.login.code')}
            autoComplete="one-time-code"
            hint={t('twoStep.codeHint')}
            registration={register('code')}
            error={errors.code}
          />
        </>
      ) : null}
      <div className={formStyles.actions}>
        <SubmitButton busy={busy} label={t('auth.login.submit')} busyLabel={t('auth.login.busy')} />
      </div>
    </form>
  );
}
