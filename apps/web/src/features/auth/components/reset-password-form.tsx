import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PASSWORD_MIN_LENGTH, paths, ResetPasswordRequestSchema } from '@pictura/contract';
import { FormAlert, FormStatus, SubmitButton } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { useAccount } from '../../../lib/account-store';
import { formAlertText, formResolver, useSubmitError } from '../../../lib/form-validation';
import { resetPassword } from '../api/reset-password';
import { PasswordStrength, preloadPasswordStrength } from './password-strength';

const resolver = formResolver(ResetPasswordRequestSchema);

/** The new password with the code from the mail; the mail's link fills in email and code. */
export function ResetPasswordForm({ email, code }: { email: string; code: string }) {
  const { t } = useTranslation();
  const busy = useAccount((state) => state.loading.resetPassword);
  const [done, setDone] = useState(false);
  const form = useForm({
    resolver,
    defaultValues: { email, code, password: '', repeatedPassword: '' },
  });
  const submitError = useSubmitError(form);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form;
  const [typedEmail, password] = useWatch({ control, name: ['email', 'password'] });

  const submit = handleSubmit((request) =>
    submitError.attempt(async () => {
      await resetPassword(request);
      setDone(true);
    }),
  );

  if (done) {
    return (
      <FormStatus>
        {t('auth.resetPassword.done')} <Link to={paths.login}>{t('auth.resetPassword.login')}</Link>
      </FormStatus>
    );
  }

  return (
    <form className={formStyles.form} noValidate onSubmit={(event) => void submit(event)}>
      <FormAlert text={formAlertText(submitError.error, submitError.fieldNames, t)} />
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email}
      />
      <TextField
        label={t('auth.resetPassword.code')}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        registration={register('code')}
        error={errors.code}
      />
      <TextField
        label={t('auth.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.passwordRule', { limit: PASSWORD_MIN_LENGTH })}
        onFocus={preloadPasswordStrength}
        registration={register('password')}
        error={errors.password}
      >
        <PasswordStrength password={password} email={typedEmail} />
      </TextField>
      <TextField
        label={t('auth.repeatedPassword')}
        type="password"
        autoComplete="new-password"
        registration={register('repeatedPassword')}
        error={errors.repeatedPassword}
      />
      <div className={formStyles.actions}>
        <SubmitButton
          busy={busy}
          label={t('auth.resetPassword.submit')}
          busyLabel={t('auth.resetPassword.busy')}
        />
      </div>
    </form>
  );
}
