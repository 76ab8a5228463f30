import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChangePasswordRequestSchema, PASSWORD_MIN_LENGTH } from '@pictura/contract';
import { FormAlert } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { useAccount } from '../../../lib/account-store';
import { formAlertText, formResolver } from '../../../lib/form-validation';
import { changePassword } from '../api/change-password';
import { AccountFormActions, useAccountSubmit } from './account-form';

const resolver = formResolver(ChangePasswordRequestSchema);
const EMPTY = { currentPassword: '', password: '', repeatedPassword: '' };

export function ChangePasswordForm({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const busy = useAccount((state) => state.loading.changePassword);
  const form = useForm({ resolver, defaultValues: EMPTY });
  const {
    register,
    reset,
    formState: { errors },
  } = form;
  const { submit, submitError, done } = useAccountSubmit(form, async (request) => {
    await changePassword(request);
    // Passwords do not stay in the page longer than needed.
    reset(EMPTY);
  });

  return (
    <form
      method="post"
      className={formStyles.form}
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void submit(event)}
    >
      <h2 id={headingId} className={formStyles.heading}>
        {t('account.password.title')}
      </h2>
      <FormAlert text={formAlertText(submitError.error, submitError.fieldNames, t)} />
      <TextField
        label={t('account.password.current')}
        type="password"
        autoComplete="current-password"
        registration={register('currentPassword')}
        error={errors.currentPassword}
      />
      <TextField
        label={t('account.password.new')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.passwordRule', { limit: PASSWORD_MIN_LENGTH })}
        registration={register('password')}
        error={errors.password}
      />
      <TextField
        label={t('account.password.repeat')}
        type="password"
        autoComplete="new-password"
        registration={register('repeatedPassword')}
        error={errors.repeatedPassword}
      />
      <AccountFormActions
        busy={busy}
        label={t('account.password.submit')}
        busyLabel={t('account.password.busy')}
        status={done ? t('account.password.changed') : null}
      />
    </form>
  );
}
