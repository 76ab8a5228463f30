import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@pictura/contract';
import { TextField } from '../../../components/form/text-field';
import { PasswordStrength, preloadPasswordStrength } from './password-strength';

/** The part of a form that sets a password (sign-up, reset) these fields register. */
interface NewPasswordValues {
  password: string;
  repeatedPassword: string;
}

interface NewPasswordFieldsProps {
  form: Pick<UseFormReturn<NewPasswordValues>, 'register' | 'formState'>;
  passwordLabel: string;
  /** The typed values, watched by the form, for the strength estimate. */
  password: string;
  email: string;
}

/** The password with its rule and strength meter, then the same password again. */
export function NewPasswordFields({
  form,
  passwordLabel,
  password,
  email,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <TextField
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        hint={t('auth.passwordRule', { limit: PASSWORD_MIN_LENGTH })}
        onFocus={preloadPasswordStrength}
        registration={register('password')}
        error={errors.password}
      >
        <PasswordStrength password={password} email={email} />
      </TextField>
      <TextField
        label={t('auth.repeatedPassword')}
        type="password"
        autoComplete="new-password"
        registration={register('repeatedPassword')}
        error={errors.repeatedPassword}
      />
    </>
  );
}
