import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ForgotPasswordRequestSchema, paths } from '@pictura/contract';
import { FormAlert, FormStatus, SubmitButton } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { useAccount } from '../../../lib/account-store';
import { formAlertText, formResolver, useSubmitError } from '../../../lib/form-validation';
import { requestPasswordReset } from '../api/forgot-password';

const resolver = formResolver(ForgotPasswordRequestSchema);

/**
 * Asks for a reset code; the answer never tells whether the account exists
 * (docs/product/accounts.md#passwords).
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const busy = useAccount((state) => state.loading.forgotPassword);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver, defaultValues: { email: '' } });
  const submitError = useSubmitError(form);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const submit = handleSubmit((request) =>
    submitError.attempt(async () => {
      setSentTo(null);
      await requestPasswordReset(request);
      setSentTo(request.email);
    }),
  );

  const resetLink = sentTo
    ? `${paths.resetPassword}?${new URLSearchParams({ email: sentTo }).toString()}`
    : null;

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
      <div className={formStyles.actions}>
        <SubmitButton
          busy={busy}
          label={t('auth.forgotPassword.submit')}
          busyLabel={t('auth.forgotPassword.busy')}
        />
      </div>
      <FormStatus>
        {sentTo && resetLink ? (
          <>
            {t('auth.forgotPassword.sent', { email: sentTo })}{' '}
            <Link to={resetLink}>{t('auth.forgotPassword.enterCode')}</Link>
          </>
        ) : null}
      </FormStatus>
    </form>
  );
}
