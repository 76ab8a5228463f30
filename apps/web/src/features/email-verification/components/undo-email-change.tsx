import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_CHANGE_UNDO_DAYS, EMAIL_VERIFICATION_MESSAGES, paths } from '@pictura/contract';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import formStyles from '../../../components/form/form.module.css';
import { PageLinks } from '../../../components/page-links';
import { ApiError } from '../../../lib/api-client';
import { useUntilReady } from '../../../lib/app-ready';
import { apiErrorText } from '../../../lib/api-error-text';
import { serverMessageText } from '../../../lib/server-messages';
import { undoEmailChange } from '../api/undo-email-change';

type Outcome =
  | { kind: 'ready' }
  | { kind: 'working' }
  | { kind: 'undone'; email: string }
  | { kind: 'failed'; error: unknown };

/** Malformed links (a cut-off address) are refused like dead ones, with the same words. */
const INCOMPLETE = new ApiError('serverMessage', EMAIL_VERIFICATION_MESSAGES.invalidUndoLink, 400);

/**
 * The old address's link after an email change. It acts only when the button is pressed, not when
 * the page opens: mail scanners open links, and this one signs every device out.
 */
export function UndoEmailChange({ user, token }: { user: string | null; token: string | null }) {
  const { t } = useTranslation();
  // Drawn by the server: the button waits, named as loading, until the app can act on it.
  const untilReady = useUntilReady(t('emailVerification.undo.submit'));
  const [outcome, setOutcome] = useState<Outcome>(
    user && token ? { kind: 'ready' } : { kind: 'failed', error: INCOMPLETE },
  );

  const undo = () => {
    if (!user || !token) return;
    setOutcome({ kind: 'working' });
    undoEmailChange({ user, token }).then(
      ({ email }) => setOutcome({ kind: 'undone', email }),
      (error: unknown) => {
        const malformed = error instanceof ApiError && error.code === 'validationFailed';
        setOutcome({ kind: 'failed', error: malformed ? INCOMPLETE : error });
      },
    );
  };

  if (outcome.kind === 'undone') {
    return (
      <>
        <FormStatus>{t('emailVerification.undo.undone', { email: outcome.email })}</FormStatus>
        <PageLinks
          links={[{ to: paths.forgotPassword, label: t('emailVerification.undo.newPassword') }]}
        />
      </>
    );
  }
  if (outcome.kind === 'failed') {
    const text =
      outcome.error instanceof ApiError && outcome.error.code === 'serverMessage'
        ? serverMessageText(outcome.error.message, t)
        : apiErrorText(outcome.error, t);
    return (
      <>
        <FormAlert text={text} />
        <PageLinks
          links={[{ to: paths.forgotPassword, label: t('emailVerification.undo.resetInstead') }]}
        />
      </>
    );
  }
  const working = outcome.kind === 'working';
  return (
    <div className={formStyles.form}>
      <p className={formStyles.text}>
        {t('emailVerification.undo.explain', { days: EMAIL_CHANGE_UNDO_DAYS })}
      </p>
      <FormStatus>{working ? t('emailVerification.undo.working') : null}</FormStatus>
      <div className={formStyles.actions}>
        <button
          type="button"
          className={`button button--primary ${formStyles.submit}`}
          {...untilReady}
          disabled={working || untilReady.disabled}
          onClick={undo}
        >
          {t('emailVerification.undo.submit')}
        </button>
      </div>
    </div>
  );
}
