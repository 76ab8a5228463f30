import { useTranslation } from 'react-i18next';
import { paths } from '@pictura/contract';
import { IntroPage } from './intro-page';

export default function SignUpPage() {
  const { t } = useTranslation();
  return (
    <IntroPage id="signUp" links={[{ to: paths.login, label: t('pages.signUp.haveAccount') }]} />
  );
}
