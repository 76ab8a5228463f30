import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoStepSetupResponse } from '@pictura/contract';
import { FormAlert } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { apiErrorText } from '../../../lib/api-error-text';
import { useTwoStepStatus } from '../../../lib/api/get-two-step-status';
import { useStartTwoStep } from '../api/start-two-step';
import { RecoveryCodes } from './recovery-codes';
import { TurnOffTwoStep } from './turn-off-two-step';
import { TwoStepSetup } from './two-step-setup';
import styles from './two-step.module.css';

/**
 * Two-step sign-in in the account settings: set up with a QR code (or the key typed by hand) and a
 * confirming code, the recovery codes shown once, and turning it off.
 */
export function TwoStepSettings({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const status = useTwoStepStatus();
  const start = useStartTwoStep();
  const [setup, setSetup] = useState<TwoStepSetupResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<readonly string[] | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (data) => setSetup(data),
    });
  const backToStart = () => {
    setSetup(null);
    setRecoveryCodes(null);
    headingRef.current?.focus();
  };

  return (
    <section
      id="two-step"
      className={formStyles.form}
      aria-labelledby={headingId}
      aria-busy={status.isPending}
    >
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={formStyles.heading}>
        {t('twoStep.title')}
      </h2>
      <p className={formStyles.text}>{t('twoStep.text')}</p>
      {status.isPending ? <p role="status">{t('twoStep.loading')}</p> : null}
      {status.error && !status.isFetching ? (
        <div>
          <FormAlert text={`${t('twoStep.loadFailed')} ${apiErrorText(status.error, t)}`} />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void status.refetch()}
          >
            {t('twoStep.retry')}
          </button>
        </div>
      ) : null}
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={backToStart} />
      ) : status.data?.enabled ? (
        <>
          <p>
            <strong>{t('twoStep.statusOn')}</strong>{' '}
            {t('twoStep.codesLeft', { count: status.data.recoveryCodesLeft })}
          </p>
          <TurnOffTwoStep onTurnedOff={backToStart} />
        </>
      ) : setup ? (
        <TwoStepSetup
          setup={setup}
          onConfirmed={(codes) => {
            setSetup(null);
            setRecoveryCodes(codes);
          }}
          onCancel={backToStart}
        />
      ) : status.data ? (
        <>
          <p>{t('twoStep.statusOff')}</p>
          <FormAlert text={start.error ? apiErrorText(start.error, t) : null} />
          <div className={styles.buttons}>
            <button
              type="button"
              className={`button button--primary ${formStyles.submit}`}
              disabled={start.isPending}
              onClick={begin}
            >
              {start.isPending ? t('twoStep.starting') : t('twoStep.start')}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
