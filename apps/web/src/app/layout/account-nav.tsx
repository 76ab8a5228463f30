import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { paths, signedInOnlyPaths } from '@pictura/contract';
import { useLogOut } from '../../features/auth/api/log-out';
import { useIsSignedIn } from '../../lib/session';
import styles from './header.module.css';
import { HeaderBalance } from './header-balance';
import { navLinkClass } from './nav-link-class';

/**
 * Signed out: Log in and Sign up. Signed in: the balance (a link to the wallet), Account and Log
 * out (the cart link is beside it).
 */
export function AccountNav() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const { logOut, busy } = useLogOut();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const logOutAndLeave = async () => {
    await logOut();
    if ((signedInOnlyPaths as readonly string[]).includes(pathname)) await navigate(paths.home);
  };

  return (
    <nav aria-label={t('nav.account')}>
      <ul className={styles.navList}>
        {signedIn ? (
          <>
            <li>
              <HeaderBalance />
            </li>
            <li>
              <NavLink className={navLinkClass} to={paths.accountSettings}>
                {t('nav.accountSettings')}
              </NavLink>
            </li>
            <li>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => void logOutAndLeave()}
              >
                {busy ? t('auth.logout.busy') : t('nav.logout')}
              </button>
            </li>
          </>
        ) : (
          <>
            <li>
              <NavLink className={navLinkClass} to={paths.login}>
                {t('nav.login')}
              </NavLink>
            </li>
            <li>
              <Link className="button button--primary" to={paths.signUp}>
                {t('nav.signUp')}
              </Link>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}
