import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/form-messages';
import { useAccount } from '../../../lib/account-store';
import { logInWithPasskey } from '../api/log-in-with-passkey';
import { passkeyErrorText } from '../../../lib/passkey-error-text';
import { useWebAuthnSupport } from '../../../lib/use-webauthn-support';
import styles from './passkeys.module.css';

/** The login page's other way in: the browser offers the passkeys it holds for Pictura. */
export function PasskeyLogin({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const supported = useWebAuthnSupport();
  const busy = useAccount((state) => state.busy.login);
  const [error, setError] = useState<unknown>(null);
  if (!supported) return null;

  const signIn = async () => {
    setError(null);
    try {
      await logInWithPasskey();
      onLoggedIn();
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <div className={styles.login}>
      <FormAlert text={passkeyErrorText(error, [], t)} />
      <button
        type="button"
        className="button button--secondary"
        disabled={busy}
        onClick={() => void signIn()}
      >
        {busy ? t('passkeys.login.busy') : t('passkeys.login.submit')}
      </button>
    </div>
  );
}
