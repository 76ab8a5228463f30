import { Fragment, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoStepSetupResponse } from '@pictura/contract';
import { FormAlert } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { apiErrorText } from '../../../lib/api-error-text';
import { useTwoStepStatus } from '../../../lib/api/get-two-step-status';
import { useRenewRecoveryCodes } from '../api/renew-recovery-codes';
import { useStartTwoStep } from '../api/start-two-step';
import { RecoveryCodes } from './recovery-codes';
import { TurnOffTwoStep } from './turn-off-two-step';
import { TwoStepSetup } from './two-step-setup';
import styles from './two-step.module.css';

/**
 * Two-step sign-in in the account settings: set up with a QR code (or the key typed by hand) and a
 * confirming code, the recovery codes shown once, new recovery codes, and turning it off. After each
 * change the other devices may be logged out.
 */
export function TwoStepSettings({
  headingId,
  afterChange,
}: {
  headingId: string;
  /** What follows a change (the offer to log out other devices), until it is dismissed. */
  afterChange: (dismiss: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const status = useTwoStepStatus();
  const start = useStartTwoStep();
  const [setup, setSetup] = useState<TwoStepSetupResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<{
    codes: readonly string[];
    renewed: boolean;
  } | null>(null);
  const renew = useRenewRecoveryCodes();
  // Changes made (the step on or off, new codes) since `afterChange` was last dismissed: each one
  // shows it afresh (keyed), so it reads the devices signed in now.
  const [changes, setChanges] = useState(0);
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
  const renewCodes = () =>
    renew.mutate(undefined, {
      onSuccess: ({ recoveryCodes: codes }) => {
        setRecoveryCodes({ codes, renewed: true });
        setChanges((n) => n + 1);
      },
    });

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
        <RecoveryCodes
          codes={recoveryCodes.codes}
          renewed={recoveryCodes.renewed}
          onDone={backToStart}
        />
      ) : status.data?.enabled ? (
        <>
          <p>
            <strong>{t('twoStep.statusOn')}</strong>{' '}
            {t('twoStep.codesLeft', { count: status.data.recoveryCodesLeft })}
          </p>
          <FormAlert text={renew.error ? apiErrorText(renew.error, t) : null} />
          <div className={styles.buttons}>
            <button
              type="button"
              className="button button--secondary"
              disabled={renew.isPending}
              onClick={renewCodes}
            >
              {renew.isPending ? t('twoStep.renew.busy') : t('twoStep.renew.submit')}
            </button>
          </div>
          <TurnOffTwoStep
            onTurnedOff={() => {
              backToStart();
              setChanges((n) => n + 1);
            }}
          />
        </>
      ) : setup ? (
        <TwoStepSetup
          setup={setup}
          onConfirmed={(codes) => {
            setSetup(null);
            setRecoveryCodes({ codes, renewed: false });
            setChanges((n) => n + 1);
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
      {changes > 0 ? <Fragment key={changes}>{afterChange(() => setChanges(0))}</Fragment> : null}
    </section>
  );
}
