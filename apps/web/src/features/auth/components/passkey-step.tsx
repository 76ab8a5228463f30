import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginRequest } from '@pictura/contract';
import { FormAlert } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { useAccount } from '../../../lib/account-store';
import { ApiError } from '../../../lib/api-client';
import { passkeyAssertion } from '../../../lib/api/passkey-assertion';
import { passkeyErrorText } from '../../../lib/passkey-error-text';
import { logIn } from '../api/log-in';

/**
 * The passkey as the second step of a password sign-in: the browser offers the passkeys it holds,
 * and the login is sent again with the email, the password and the passkey's signature.
 */
export function PasskeyStep({
  credentials,
  onLoggedIn,
  alone,
}: {
  credentials: () => Pick<LoginRequest, 'email' | 'password'>;
  onLoggedIn: () => void;
  /** Whether the passkey is the only second step offered (no code field beside it). */
  alone: boolean;
}) {
  const { t } = useTranslation();
  const busy = useAccount((state) => state.busy.login);
  const [error, setError] = useState<unknown>(null);

  const proveWithPasskey = async () => {
    setError(null);
    try {
      const { email, password } = credentials();
      await logIn({ email, password, passkey: await passkeyAssertion() });
      onLoggedIn();
    } catch (failure) {
      // The server's refusal is on the `passkey` field: say it as the passkey messages do.
      const refused = failure instanceof ApiError ? failure.fieldErrors?.passkey : undefined;
      setError(refused === undefined ? failure : new ApiError('serverMessage', refused, 400));
    }
  };

  return (
    <>
      <p role="status" className={formStyles.text}>
        {alone ? t('twoStep.login.passkeyAsked') : t('twoStep.login.eitherAsked')}
      </p>
      <FormAlert text={passkeyErrorText(error, [], t)} />
      <div className={formStyles.actions}>
        <button
          type="button"
          className={alone ? 'button button--primary' : 'button button--secondary'}
          disabled={busy}
          onClick={() => void proveWithPasskey()}
        >
          {busy ? t('passkeys.login.busy') : t('twoStep.login.usePasskey')}
        </button>
      </div>
    </>
  );
}
