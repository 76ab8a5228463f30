import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasskeyNameSchema, PasskeyRegistrationOptionsRequestSchema } from '@pictura/contract';
import { FormAlert, FormStatus, SubmitButton } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { formResolver, useSubmitError } from '../../../lib/form-validation';
import { useAddPasskey } from '../api/add-passkey';
import { passkeyErrorText } from '../../../lib/passkey-error-text';
import styles from './passkeys.module.css';

const AddPasskeySchema = PasskeyRegistrationOptionsRequestSchema.extend({
  name: PasskeyNameSchema,
});
const resolver = formResolver(AddPasskeySchema);
const EMPTY = { name: '', currentPassword: '' };

/**
 * Adding a passkey: a name to know it by, the password (so that a borrowed session cannot add
 * one), then the device asks for its screen lock.
 */
export function AddPasskeyForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const [added, setAdded] = useState(false);
  const form = useForm({ resolver, defaultValues: EMPTY });
  const submitError = useSubmitError(form);
  const {
    register,
    reset,
    handleSubmit,
    formState: { errors },
  } = form;

  const submit = handleSubmit((input) =>
    submitError.attempt(async () => {
      setAdded(false);
      await add.mutateAsync(input);
      reset(EMPTY);
      setAdded(true);
      onAdded();
    }),
  );

  return (
    <form method="post" className={styles.add} noValidate onSubmit={(event) => void submit(event)}>
      <h3 className={styles.subheading}>{t('passkeys.add.title')}</h3>
      <FormAlert text={passkeyErrorText(submitError.error, submitError.fieldNames, t)} />
      <TextField
        label={t('passkeys.add.name')}
        hint={t('passkeys.add.nameHint')}
        autoComplete="off"
        registration={register('name')}
        error={errors.name}
      />
      <TextField
        label={t('passkeys.add.currentPassword')}
        type="password"
        autoComplete="current-password"
        registration={register('currentPassword')}
        error={errors.currentPassword}
      />
      <div className={formStyles.actions}>
        <SubmitButton
          busy={add.isPending}
          label={t('passkeys.add.submit')}
          busyLabel={t('passkeys.add.busy')}
        />
        <FormStatus>{added ? t('passkeys.add.added') : null}</FormStatus>
      </div>
    </form>
  );
}
