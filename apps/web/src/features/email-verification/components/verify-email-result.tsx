import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EMAIL_VERIFICATION_MESSAGES, paths } from '@pictura/contract';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { PageLinks } from '../../../components/page-links';
import { ApiError } from '../../../lib/api-client';
import { useProfile } from '../../../lib/api/get-profile';
import { apiErrorText } from '../../../lib/api-error-text';
import { profileKey } from '../../../lib/query-keys';
import { serverMessageText } from '../../../lib/server-messages';
import { useIsSignedIn } from '../../../lib/session';
import { verifyEmail } from '../api/verify-email';
import { ResendLinkButton } from './resend-link-button';

type Outcome =
  { kind: 'working' } | { kind: 'verified'; email: string } | { kind: 'failed'; error: unknown };

/** Malformed links (a cut-off address) are refused like dead ones, with the same words. */
const INCOMPLETE = new ApiError('serverMessage', EMAIL_VERIFICATION_MESSAGES.invalidLink, 400);

/**
 * Opens the mailed link once: the address is verified, or it says why not (used, expired, another
 * account's) with a way to a new link.
 */
export function VerifyEmailResult({ user, token }: { user: string | null; token: string | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(
    user && token ? { kind: 'working' } : { kind: 'failed', error: INCOMPLETE },
  );
  // A link works once: the effect running again (development's strict mode) must not send it twice.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!user || !token || sent.current === token) return;
    sent.current = token;
    verifyEmail({ user, token }).then(
      ({ email }) => {
        setOutcome({ kind: 'verified', email });
        void queryClient.invalidateQueries({ queryKey: profileKey });
      },
      (error: unknown) => {
        const malformed = error instanceof ApiError && error.code === 'validationFailed';
        setOutcome({ kind: 'failed', error: malformed ? INCOMPLETE : error });
      },
    );
  }, [user, token, queryClient]);

  if (outcome.kind === 'working') {
    return <FormStatus>{t('emailVerification.page.working')}</FormStatus>;
  }
  if (outcome.kind === 'verified') {
    return (
      <>
        <FormStatus>{t('emailVerification.page.verified', { email: outcome.email })}</FormStatus>
        <PageLinks
          links={[
            { to: paths.wallet, label: t('emailVerification.page.toWallet') },
            { to: paths.create, label: t('emailVerification.page.toCreate') },
          ]}
        />
      </>
    );
  }
  const text =
    outcome.error instanceof ApiError && outcome.error.code === 'serverMessage'
      ? serverMessageText(outcome.error.message, t)
      : apiErrorText(outcome.error, t);
  return (
    <>
      <FormAlert text={text} />
      <NewLink />
    </>
  );
}

/** Signed in and still unverified: a new link here; signed out: the way to sign in for one. */
function NewLink() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const { data: profile } = useProfile();
  if (!signedIn) {
    return <PageLinks links={[{ to: paths.login, label: t('emailVerification.page.toLogin') }]} />;
  }
  return profile && !profile.emailVerified ? <ResendLinkButton email={profile.email} /> : null;
}
