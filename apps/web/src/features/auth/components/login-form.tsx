import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoginRequestSchema } from '@pictura/contract';
import { FormAlert, SubmitButton } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { useAccount } from '../../../lib/account-store';
import { formAlertText, formResolver, useSubmitError } from '../../../lib/form-validation';
import { logIn } from '../api/log-in';

const resolver = formResolver(LoginRequestSchema);

export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const busy = useAccount((state) => state.busy.login);
  const form = useForm({ resolver, defaultValues: { email: '', password: '' } });
  const submitError = useSubmitError(form);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const submit = handleSubmit((credentials) =>
    submitError.attempt(async () => {
      await logIn(credentials);
      onLoggedIn();
    }),
  );

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
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password}
      />
      <div className={formStyles.actions}>
        <SubmitButton busy={busy} label={t('auth.login.submit')} busyLabel={t('auth.login.busy')} />
      </div>
    </form>
  );
}
