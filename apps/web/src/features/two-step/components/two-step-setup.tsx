import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TwoStepConfirmRequestSchema, type TwoStepSetupResponse } from '@pictura/contract';
import { FormAlert, SubmitButton } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { formAlertText, formResolver, useSubmitError } from '../../../lib/form-validation';
import { useConfirmTwoStep } from '../api/confirm-two-step';
import styles from './two-step.module.css';

const resolver = formResolver(TwoStepConfirmRequestSchema);

/** The key in groups of four, easier to read out and type. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

interface TwoStepSetupProps {
  setup: TwoStepSetupResponse;
  onConfirmed: (recoveryCodes: readonly string[]) => void;
  onCancel: () => void;
}

/** Scan the QR code (or type the key), then enter the app's code to turn the step on. */
export function TwoStepSetup({ setup, onConfirmed, onCancel }: TwoStepSetupProps) {
  const { t } = useTranslation();
  const confirm = useConfirmTwoStep();
  const form = useForm({ resolver, defaultValues: { code: '' } });
  const submitError = useSubmitError(form);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const qrSource = `data:image/svg+xml;base64,${btoa(setup.qrCodeSvg)}`;

  const submit = handleSubmit((request) =>
    submitError.attempt(async () => {
      const { recoveryCodes } = await confirm(request);
      onConfirmed(recoveryCodes);
    }),
  );

  return (
    <form
      method="post"
      noValidate
      className={formStyles.field}
      onSubmit={(event) => void submit(event)}
    >
      <h3 ref={headingRef} tabIndex={-1} className={formStyles.heading}>
        {t('twoStep.setup.title')}
      </h3>
      <ol className={styles.steps}>
        <li>
          <p>{t('twoStep.setup.scan')}</p>
          <img className={styles.qr} src={qrSource} alt={t('twoStep.setup.qrAlt')} />
        </li>
        <li>
          <p>{t('twoStep.setup.manual')}</p>
          <code className={styles.secret} aria-label={t('twoStep.setup.keyLabel')}>
            {grouped(setup.secret)}
          </code>
        </li>
        <li>
          <p>{t('twoStep.setup.enter')}</p>
        </li>
      </ol>
      <FormAlert text={formAlertText(submitError.error, submitError.fieldNames, t)} />
      <TextField
        label={t('twoStep.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        registration={register('code')}
        error={errors.code}
      />
      <div className={styles.buttons}>
        <SubmitButton
          busy={isSubmitting}
          label={t('twoStep.setup.submit')}
          busyLabel={t('twoStep.setup.busy')}
        />
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('twoStep.setup.cancel')}
        </button>
      </div>
    </form>
  );
}
