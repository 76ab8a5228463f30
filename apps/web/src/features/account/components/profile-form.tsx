import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UpdateProfileRequestSchema, type ProfileResponse } from '@pictura/contract';
import { FormAlert } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { useAccount } from '../../../lib/account-store';
import { formAlertText, formResolver } from '../../../lib/form-validation';
import { updateProfile } from '../api/update-profile';
import { AccountFormActions, useAccountSubmit } from './account-form';

const resolver = formResolver(UpdateProfileRequestSchema);

/** First and last name; the email is shown but cannot be changed here. */
export function ProfileForm({
  profile,
  headingId,
}: {
  profile: ProfileResponse;
  headingId: string;
}) {
  const { t } = useTranslation();
  const busy = useAccount((state) => state.loading.updateProfile);
  const values = useMemo(
    () => ({ firstName: profile.firstName ?? '', lastName: profile.lastName ?? '' }),
    [profile.firstName, profile.lastName],
  );
  // `values` follows the stored profile; what the user is typing is kept when it changes.
  const form = useForm({ resolver, values, resetOptions: { keepDirtyValues: true } });
  const { submit, submitError, done } = useAccountSubmit(form, updateProfile);
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <form
      method="post"
      className={formStyles.form}
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void submit(event)}
    >
      <h2 id={headingId} className={formStyles.heading}>
        {t('account.profile.title')}
      </h2>
      <FormAlert text={formAlertText(submitError.error, submitError.fieldNames, t)} />
      <div className={formStyles.field}>
        <span className={formStyles.label}>{t('account.profile.email')}</span>
        <span>{profile.email}</span>
      </div>
      <TextField
        label={t('account.profile.firstName')}
        autoComplete="given-name"
        registration={register('firstName')}
        error={errors.firstName}
      />
      <TextField
        label={t('account.profile.lastName')}
        autoComplete="family-name"
        registration={register('lastName')}
        error={errors.lastName}
      />
      <AccountFormActions
        busy={busy}
        label={t('account.profile.submit')}
        busyLabel={t('account.profile.busy')}
        status={done ? t('account.profile.saved') : null}
      />
    </form>
  );
}
