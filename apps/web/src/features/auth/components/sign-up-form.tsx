import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RegisterRequestSchema, type RegisterRequest } from '@pictura/contract';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { FormAlert, SubmitButton } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { useAccount } from '../../../lib/account-store';
import { formAlertText, formResolver, useSubmitError } from '../../../lib/form-validation';
import { register as registerAccount } from '../api/register';
import { NewPasswordFields } from './new-password-fields';

/** The agreement is a checkbox, unticked at first; the schema wants it ticked (`true`). */
type SignUpValues = Omit<RegisterRequest, 'agreedToPrivacyPolicy'> & {
  agreedToPrivacyPolicy: boolean;
};

const resolver = formResolver<typeof RegisterRequestSchema, SignUpValues>(RegisterRequestSchema);

interface SignUpFormProps {
  onSignedUp: () => void;
  /** The agreement checkbox's label, with links to the legal texts (composed by the page). */
  agreementLabel: ReactNode;
}

export function SignUpForm({ onSignedUp, agreementLabel }: SignUpFormProps) {
  const { t } = useTranslation();
  const busy = useAccount((state) => state.busy.registration);
  const form = useForm({
    resolver,
    defaultValues: { email: '', password: '', repeatedPassword: '', agreedToPrivacyPolicy: false },
  });
  const submitError = useSubmitError(form);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form;
  const [email, password] = useWatch({ control, name: ['email', 'password'] });

  const submit = handleSubmit((request) =>
    submitError.attempt(async () => {
      await registerAccount(request);
      onSignedUp();
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
      <NewPasswordFields
        form={form}
        passwordLabel={t('auth.password')}
        password={password}
        email={email}
      />
      <CheckboxField
        label={agreementLabel}
        registration={register('agreedToPrivacyPolicy')}
        error={errors.agreedToPrivacyPolicy}
      />
      <div className={formStyles.actions}>
        <SubmitButton
          busy={busy}
          label={t('auth.signUp.submit')}
          busyLabel={t('auth.signUp.busy')}
        />
      </div>
    </form>
  );
}
