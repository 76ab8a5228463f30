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
import { PasskeyStep } from './passkey-step';

const resolver = formResolver(LoginRequestSchema);

/** The server's messages on the `code` and `passkey` fields: the second steps the account has. */
const secondStepsOf = (failure: unknown) => ({
  code: failure instanceof ApiError ? failure.fieldErrors?.code : undefined,
  passkey: failure instanceof ApiError ? failure.fieldErrors?.passkey : undefined,
});

/**
 * Email and password; when the account has a second factor, the server answers the right password
 * with a request for it (docs/decisions/accounts/README.md): the code field appears for two-step
 * sign-in, a "Use your passkey" button for a passkey, both when the account has both.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const busy = useAccount((state) => state.busy.login);
  const [codeAsked, setCodeAsked] = useState(false);
  const [passkeyAsked, setPasskeyAsked] = useState(false);
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
        const asked = secondStepsOf(failure);
        // The first ask is no error: the code field or the passkey button appears, explained.
        const firstAsk =
          !codeAsked &&
          !passkeyAsked &&
          (asked.code === TWO_STEP_MESSAGES.codeRequired ||
            asked.passkey === TWO_STEP_MESSAGES.passkeyRequired);
        if (firstAsk) {
          setCodeAsked(asked.code === TWO_STEP_MESSAGES.codeRequired);
          setPasskeyAsked(asked.passkey === TWO_STEP_MESSAGES.passkeyRequired);
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
      {passkeyAsked ? (
        <PasskeyStep
          credentials={() => form.getValues()}
          onLoggedIn={onLoggedIn}
          alone={!codeAsked}
        />
      ) : null}
      {!passkeyAsked || codeAsked ? (
        <div className={formStyles.actions}>
          <SubmitButton
            busy={busy}
            label={t('auth.login.submit')}
            busyLabel={t('auth.login.busy')}
          />
        </div>
      ) : null}
    </form>
  );
}
