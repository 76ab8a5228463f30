import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { paths, signedInOnlyPaths } from '@pictura/contract';
import { clearTokens, useIsSignedIn } from '../../lib/session';
import styles from './header.module.css';
import { navLinkClass } from './nav-link-class';

/** Signed out: Log in and Sign up. Signed in: Cart, Account and Log out. */
export function AccountNav() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const logOut = () => {
    clearTokens();
    // Nothing fetched for this user may be shown to whoever uses the browser next.
    queryClient.clear();
    if ((signedInOnlyPaths as readonly string[]).includes(pathname)) void navigate(paths.home);
  };

  return (
    <nav aria-label={t('nav.account')}>
      <ul className={styles.navList}>
        {signedIn ? (
          <>
            <li>
              <NavLink className={navLinkClass} to={paths.cart}>
                {t('nav.cart')}
              </NavLink>
            </li>
            <li>
              <NavLink className={navLinkClass} to={paths.accountSettings}>
                {t('nav.accountSettings')}
              </NavLink>
            </li>
            <li>
              <button type="button" className="button button--secondary" onClick={logOut}>
                {t('nav.logout')}
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
