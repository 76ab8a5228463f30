import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@pictura/contract';
import { Page } from '../../components/page';
import { PageLinks } from '../../components/page-links';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { AgreementLabel } from '../../components/form/agreement-label';
import { returnUrlFromSearch } from '../../features/auth/safe-return-url';

/** Sign up; registering signs the user in, who then goes on to `returnUrl` or home. */
export default function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <Page title={t('pages.signUp.title')} intro={t('pages.signUp.intro')}>
      <SignUpForm
        onSignedUp={() => void navigate(returnUrlFromSearch(search), { replace: true })}
        agreementLabel={<AgreementLabel />}
      />
      <PageLinks
        links={[{ to: `${paths.login}${search}`, label: t('pages.signUp.haveAccount') }]}
      />
    </Page>
  );
}
