import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '@pictura/contract';
import { Page } from '../../components/page';
import { PageLinks } from '../../components/page-links';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

/** Opened from the mail's link `/reset-password?email=...&code=...`, which fills in the form. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <Page title={t('pages.resetPassword.title')} intro={t('pages.resetPassword.intro')}>
      <ResetPasswordForm
        email={searchParams.get('email') ?? ''}
        code={searchParams.get('code') ?? ''}
      />
      <PageLinks links={[{ to: paths.login, label: t('pages.resetPassword.backToLogin') }]} />
    </Page>
  );
}
