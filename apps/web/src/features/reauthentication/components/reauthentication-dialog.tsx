import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert, SubmitButton } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { ApiError } from '../../../lib/api-client';
import { formAlertText, useSubmitError } from '../../../lib/form-validation';
import { passkeyAssertion } from '../../../lib/api/passkey-assertion';
import { passkeyErrorText } from '../../../lib/passkey-error-text';
import { useWebAuthnSupport } from '../../../lib/use-webauthn-support';
import { reauthenticate } from '../api/reauthenticate';
import { finishReauthentication } from '../reauthentication-store';
import styles from './reauthentication-dialog.module.css';

type Proof = 'password' | 'code';

/**
 * "Confirm it is you" before a sensitive change: the password, a code from the authenticator app (or
 * a recovery code), or a passkey. A modal <dialog> (focus stays inside, Escape cancels); once the
 * server accepts the proof it closes and the change the person asked for is sent again.
 */
export default function ReauthenticationDialog() {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const passkeys = useWebAuthnSupport();
  const [proof, setProof] = useState<Proof>('password');
  const [busy, setBusy] = useState(false);
  const [passkeyError, setPasskeyError] = useState<unknown>(null);
  const form = useForm({ defaultValues: { password: '', code: '' } });
  const submitError = useSubmitError(form);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = form;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  useEffect(() => {
    setFocus(proof);
  }, [proof, setFocus]);

  const proved = () => {
    finishReauthentication(true);
    dialog.current?.close();
  };

  const submit = handleSubmit((values) =>
    submitError.attempt(async () => {
      const typed = values[proof].trim() === '' ? '' : values[proof];
      if (typed === '') {
        setError(proof, { type: 'required', message: t(`reauthentication.${proof}Missing`) });
        return;
      }
      setBusy(true);
      try {
        await reauthenticate(proof === 'password' ? { password: typed } : { code: typed });
        proved();
      } finally {
        setBusy(false);
      }
    }),
  );

  const proveWithPasskey = async () => {
    setPasskeyError(null);
    setBusy(true);
    try {
      await reauthenticate({ passkey: await passkeyAssertion() });
      proved();
    } catch (failure) {
      // The server's refusal is on the `passkey` field: say it as the passkey messages do.
      const refused = failure instanceof ApiError ? failure.fieldErrors?.passkey : undefined;
      setPasskeyError(
        refused === undefined ? failure : new ApiError('serverMessage', refused, 400),
      );
    } finally {
      setBusy(false);
    }
  };

  return createPortal(
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={() => finishReauthentication(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.stopPropagation();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {t('reauthentication.title')}
      </h2>
      <p id={textId} className={styles.text}>
        {t('reauthentication.text')}
      </p>
      <form
        method="post"
        className={formStyles.form}
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <FormAlert text={formAlertText(submitError.error, submitError.fieldNames, t)} />
        {proof === 'password' ? (
          <TextField
            label={t('reauthentication.password')}
            type="password"
            autoComplete="current-password"
            registration={register('password')}
            error={errors.password}
          />
        ) : (
          <TextField
            label={t('reauthentication.code')}
            autoComplete="one-time-code"
            hint={t('twoStep.codeHint')}
            registration={register('code')}
            error={errors.code}
          />
        )}
        <div className={styles.actions}>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => dialog.current?.close()}
          >
            {t('reauthentication.cancel')}
          </button>
          <SubmitButton
            busy={busy}
            label={t('reauthentication.submit')}
            busyLabel={t('reauthentication.busy')}
          />
        </div>
      </form>
      <div className={styles.other}>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setProof(proof === 'password' ? 'code' : 'password')}
        >
          {proof === 'password' ? t('reauthentication.useCode') : t('reauthentication.usePassword')}
        </button>
        {passkeys ? (
          <>
            <FormAlert text={passkeyErrorText(passkeyError, [], t)} />
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => void proveWithPasskey()}
            >
              {t('reauthentication.usePasskey')}
            </button>
          </>
        ) : null}
      </div>
    </dialog>,
    document.body,
  );
}
