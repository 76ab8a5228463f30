import { useTranslation } from 'react-i18next';
import { paths } from '@pictura/contract';
import { Page } from '../../components/page';
import { PageLinks } from '../../components/page-links';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.forgotPassword.title')} intro={t('pages.forgotPassword.intro')}>
      <ForgotPasswordForm />
      <PageLinks links={[{ to: paths.login, label: t('pages.forgotPassword.backToLogin') }]} />
    </Page>
  );
}
