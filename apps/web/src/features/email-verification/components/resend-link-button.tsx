import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { apiErrorText } from '../../../lib/api-error-text';
import { resendVerification } from '../api/resend-verification';
import styles from './email-verification.module.css';

/**
 * "Send a new link", with what came of it: the server limits how often (a 429 says so here), and
 * each new link replaces the earlier one.
 */
export function ResendLinkButton({ email }: { email: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function resend() {
    setBusy(true);
    setSent(false);
    setError(null);
    try {
      await resendVerification();
      setSent(true);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <div className={styles.actions}>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void resend()}
        >
          {busy ? t('emailVerification.notice.resending') : t('emailVerification.notice.resend')}
        </button>
        <FormStatus>{sent ? t('emailVerification.notice.sent', { email }) : null}</FormStatus>
      </div>
      <FormAlert text={error === null ? null : apiErrorText(error, t)} />
    </div>
  );
}
