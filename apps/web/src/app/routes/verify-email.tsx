import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EMAIL_VERIFICATION_LINK_PARAMS } from '@pictura/contract';
import { Page } from '../../components/page';
import { VerifyEmailResult } from '../../features/email-verification/components/verify-email-result';

/** /verify-email?user={id}&token={token} (open): the link mailed at sign-up or for a new address. */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <Page title={t('emailVerification.page.title')} intro={t('emailVerification.page.intro')}>
      <VerifyEmailResult
        user={params.get(EMAIL_VERIFICATION_LINK_PARAMS.user)}
        token={params.get(EMAIL_VERIFICATION_LINK_PARAMS.token)}
      />
    </Page>
  );
}
