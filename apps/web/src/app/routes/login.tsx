import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@pictura/contract';
import { Page } from '../../components/page';
import { PageLinks } from '../../components/page-links';
import { LoginForm } from '../../features/auth/components/login-form';
import { PasskeyLogin } from '../../features/passkeys/components/passkey-login';
import { returnUrlFromSearch } from '../../features/auth/safe-return-url';

/** Log in, then back to where the auth guard stopped the visitor (`returnUrl`), or home. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const onLoggedIn = () => void navigate(returnUrlFromSearch(search), { replace: true });
  return (
    <Page title={t('pages.login.title')} intro={t('pages.login.intro')}>
      <LoginForm onLoggedIn={onLoggedIn} />
      <PasskeyLogin onLoggedIn={onLoggedIn} />
      <PageLinks
        links={[
          // Signing up instead keeps the way back.
          { to: `${paths.signUp}${search}`, label: t('pages.login.noAccount') },
          { to: paths.forgotPassword, label: t('pages.login.forgotPassword') },
        ]}
      />
    </Page>
  );
}
