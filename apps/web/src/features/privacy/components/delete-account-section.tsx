import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  DeleteAccountRequestSchema,
  money,
  paths,
  PRIVACY_MESSAGES,
  type AccountDeletionPreview,
} from '@pictura/contract';
import { FormAlert } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { formResolver } from '../../../lib/form-validation';
import { useFormat } from '../../../lib/format';
import { useDeleteAccount } from '../api/delete-account';
import { useDeletionPreview } from '../api/get-deletion-preview';
import styles from './privacy.module.css';

const resolver = formResolver(DeleteAccountRequestSchema);

/** The server's refusals this form expects, in the reader's language; others as usual. */
function deletionErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.message === PRIVACY_MESSAGES.generationUnfinished) {
    return t('privacy.delete.generationUnfinished');
  }
  if (error instanceof ApiError && error.message === PRIVACY_MESSAGES.paymentInFlight) {
    return t('privacy.delete.paymentInFlight');
  }
  return apiErrorText(error, t);
}

/**
 * "Delete my account": what goes and what is kept, then, on request, a warning with any balance
 * that would be forfeited and the password again. Administrators are told why they cannot.
 */
export function DeleteAccountSection({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  return (
    <section className={formStyles.form} aria-labelledby={headingId}>
      <h2 id={headingId} className={formStyles.heading}>
        {t('privacy.delete.title')}
      </h2>
      <p className={formStyles.text}>
        {t('privacy.delete.text')} <Link to={paths.privacyPolicy}>{t('privacy.policyLink')}</Link>
      </p>
      {open ? (
        <DeletionWarning onCancel={() => setOpen(false)} />
      ) : (
        <div className={formStyles.actions}>
          <button
            type="button"
            className={`button button--secondary ${formStyles.submit}`}
            onClick={() => setOpen(true)}
          >
            {t('privacy.delete.start')}
          </button>
        </div>
      )}
    </section>
  );
}

function DeletionWarning({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const preview = useDeletionPreview();
  if (preview.isPending) return <p role="status">{t('privacy.delete.loading')}</p>;
  if (preview.error) {
    return (
      <div>
        <FormAlert text={`${t('privacy.delete.loadFailed')} ${apiErrorText(preview.error, t)}`} />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void preview.refetch()}
        >
          {t('account.retry')}
        </button>
      </div>
    );
  }
  if (!preview.data.allowed) {
    return <p role="alert">{t('privacy.delete.adminNotAllowed')}</p>;
  }
  return <DeletionForm preview={preview.data} onCancel={onCancel} />;
}

function DeletionForm({
  preview,
  onCancel,
}: {
  preview: AccountDeletionPreview;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const { deleteAccount, busy } = useDeleteAccount();
  const [error, setError] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({ resolver, defaultValues: { password: '' } });
  // The button that opened the warning is gone: keyboard focus moves to the password.
  useEffect(() => setFocus('password'), [setFocus]);

  const submit = handleSubmit(async (request) => {
    setError(null);
    try {
      await deleteAccount(request);
      await navigate(paths.home);
    } catch (failure) {
      setError(failure);
    }
  });
  const wrongPassword = error instanceof ApiError && Boolean(error.fieldErrors?.password);

  return (
    <form
      method="post"
      className={formStyles.form}
      noValidate
      aria-label={t('privacy.delete.formLabel')}
      onSubmit={(event) => void submit(event)}
    >
      <div className={styles.warning} role="alert">
        <p>
          <strong>{t('privacy.delete.warning')}</strong>
        </p>
        {preview.balances.length > 0 ? (
          <>
            <p>{t('privacy.delete.balanceForfeited')}</p>
            <ul>
              {preview.balances.map((balance) => (
                <li key={balance.currency}>
                  {format.price(money(balance.amount, balance.currency))}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t('privacy.delete.noBalance')}</p>
        )}
      </div>
      <FormAlert text={error && !wrongPassword ? deletionErrorText(error, t) : null} />
      <TextField
        label={t('privacy.delete.password')}
        type="password"
        autoComplete="current-password"
        registration={register('password')}
        error={
          wrongPassword
            ? { type: 'server', message: t('privacy.delete.wrongPassword') }
            : errors.password
        }
      />
      <div className={formStyles.actions}>
        <button
          type="submit"
          className={`button ${styles.danger} ${formStyles.submit}`}
          disabled={busy}
        >
          {busy ? t('privacy.delete.busy') : t('privacy.delete.submit')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('privacy.delete.cancel')}
        </button>
      </div>
    </form>
  );
}
