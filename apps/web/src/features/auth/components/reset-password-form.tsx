import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, ResetPasswordRequestSchema } from '@pictura/contract';
import { FormAlert, FormStatus, SubmitButton } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { useAccount } from '../../../lib/account-store';
import { formAlertText, formResolver, useSubmitError } from '../../../lib/form-validation';
import { resetPassword } from '../api/reset-password';
import { NewPasswordFields } from './new-password-fields';

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
        label={t('auth.resetPassword.code')}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        registration={register('code')}
        error={errors.code}
      />
      <NewPasswordFields
        form={form}
        passwordLabel={t('auth.newPassword')}
        password={password}
        email={typedEmail}
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
