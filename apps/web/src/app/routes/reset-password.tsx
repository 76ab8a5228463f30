import { useTranslation } from 'react-i18next';
import { paths } from '@pictura/contract';
import { IntroPage } from './intro-page';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <IntroPage
      id="resetPassword"
      links={[{ to: paths.login, label: t('pages.resetPassword.backToLogin') }]}
    />
  );
}
