import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TwoStepDisableRequestSchema } from '@pictura/contract';
import { FormAlert, SubmitButton } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { formAlertText, formResolver, useSubmitError } from '../../../lib/form-validation';
import { useDisableTwoStep } from '../api/disable-two-step';

const resolver = formResolver(TwoStepDisableRequestSchema);
const EMPTY = { password: '', code: '' };

/** Turning the step off asks for the password and a code, so a borrowed session cannot. */
export function TurnOffTwoStep({ onTurnedOff }: { onTurnedOff: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTwoStep();
  const form = useForm({ resolver, defaultValues: EMPTY });
  const submitError = useSubmitError(form);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const submit = handleSubmit((request) =>
    submitError.attempt(async () => {
      await disable(request);
      reset(EMPTY);
      onTurnedOff();
    }),
  );

  return (
    <form
      method="post"
      noValidate
      className={formStyles.field}
      onSubmit={(event) => void submit(event)}
    >
      <h3 className={formStyles.heading}>{t('twoStep.turnOff.title')}</h3>
      <FormAlert text={formAlertText(submitError.error, submitError.fieldNames, t)} />
      <TextField
        label={t('twoStep.turnOff.password')}
        type="password"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password}
      />
      <TextField
        label={t('twoStep.turnOff.code')}
        autoComplete="one-time-code"
        hint={t('twoStep.codeHint')}
        registration={register('code')}
        error={errors.code}
      />
      <div className={formStyles.actions}>
        <SubmitButton
          busy={isSubmitting}
          label={t('twoStep.turnOff.submit')}
          busyLabel={t('twoStep.turnOff.busy')}
        />
      </div>
    </form>
  );
}
