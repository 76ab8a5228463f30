import { useTranslation } from 'react-i18next';
import { paths } from '@pictura/contract';
import { IntroPage } from './intro-page';

export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <IntroPage
      id="login"
      links={[
        { to: paths.signUp, label: t('pages.login.noAccount') },
        { to: paths.forgotPassword, label: t('pages.login.forgotPassword') },
      ]}
    />
  );
}
