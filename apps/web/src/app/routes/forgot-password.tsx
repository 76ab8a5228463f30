import { useTranslation } from 'react-i18next';
import { paths } from '@pictura/contract';
import { IntroPage } from './intro-page';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <IntroPage
      id="forgotPassword"
      links={[{ to: paths.login, label: t('pages.forgotPassword.backToLogin') }]}
    />
  );
}
