import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../components/page';
import { loginPathWithReturnUrl } from '../lib/return-url';
import { adminPath } from '../features/admin/admin-nav';
import { useLogOut } from '../features/auth/api/log-out';

/**
 * What an admin sees whose session signed in with the password alone (it began before the second
 * factor was added): the back office answers 403 to such a session, so the admin signs out and in
 * again, and the sign-in asks for the passkey or the code.
 */
export function AdminSignInAgain() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { logOut, busy } = useLogOut();
  const signOut = async () => {
    await logOut();
    await navigate(loginPathWithReturnUrl(adminPath('')));
  };
  return (
    <Page title={t('twoStep.admin.signInAgainTitle')} intro={t('twoStep.admin.signInAgainIntro')}>
      <p>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void signOut()}
        >
          {t('twoStep.admin.signOut')}
        </button>
      </p>
    </Page>
  );
}
