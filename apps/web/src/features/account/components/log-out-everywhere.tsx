import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@pictura/contract';
import { FormAlert } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { apiErrorText } from '../../../lib/api-error-text';
import { useLogOutEverywhere } from '../api/log-out-everywhere';

/** Ends every session of the user (a lost phone, a shared computer), this one included. */
export function LogOutEverywhere({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { logOutEverywhere, busy } = useLogOutEverywhere();
  const [error, setError] = useState<unknown>(null);

  const run = async () => {
    setError(null);
    try {
      await logOutEverywhere();
      await navigate(paths.home);
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <section className={formStyles.form} aria-labelledby={headingId}>
      <h2 id={headingId} className={formStyles.heading}>
        {t('account.sessions.title')}
      </h2>
      <p className={formStyles.text}>{t('account.sessions.text')}</p>
      <FormAlert text={error ? apiErrorText(error, t) : null} />
      <div className={formStyles.actions}>
        <button
          type="button"
          className={`button button--secondary ${formStyles.submit}`}
          disabled={busy}
          onClick={() => void run()}
        >
          {busy ? t('account.sessions.busy') : t('account.sessions.submit')}
        </button>
      </div>
    </section>
  );
}
