import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '@pictura/contract';
import { CartLink } from '../../features/cart/components/cart-link';
import { useUntilReady } from '../../lib/app-ready';
import { useIsSignedIn } from '../../lib/session';
import { AccountNav } from './account-nav';
import { AdminBar } from './admin-bar';
import { CurrencySelect } from './currency-select';
import { LanguageSelect } from './language-select';
import styles from './header.module.css';
import { navLinkClass } from './nav-link-class';

/**
 * Site header. On narrow screens the navigation folds into a disclosure ("Menu" button with
 * aria-expanded); closed, its content is `display: none`, so it is skipped by keyboard and reader.
 */
export function Header() {
  const { t } = useTranslation();
  const menuId = useId();
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on: following a link folds it away again.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const signedIn = useIsSignedIn();
  const menuUntilReady = useUntilReady(t('nav.menu'));

  // Escape closes the open menu and, if focus was inside it, returns focus to the Menu button.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    if (event.target !== menuButton.current) menuButton.current?.focus();
  };

  return (
    <header className={styles.header}>
      <AdminBar />
      <div className={styles.inner} onKeyDown={closeOnEscape}>
        <Link to={paths.home} className={styles.logo} aria-label={t('nav.homeLink')}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span className={styles.logoText}>{t('app.name')}</span>
        </Link>

        <button
          ref={menuButton}
          type="button"
          className={`button button--secondary ${styles.menuButton}`}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          {...menuUntilReady}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span className={styles.menuIcon} aria-hidden="true" />
          {t('nav.menu')}
        </button>

        <div id={menuId} className={`${styles.menu} ${menuOpen ? styles.menuOpen : ''}`}>
          <nav aria-label={t('nav.main')}>
            <ul className={styles.navList}>
              <li>
                <NavLink className={navLinkClass} to={paths.gallery}>
                  {t('nav.gallery')}
                </NavLink>
              </li>
              <li>
                <NavLink className={navLinkClass} to={paths.create}>
                  {t('nav.create')}
                </NavLink>
              </li>
              {/* Signed in, the balance in the account navigation is the way to the wallet. */}
              {signedIn ? null : (
                <li>
                  <NavLink className={navLinkClass} to={paths.wallet}>
                    {t('nav.wallet')}
                  </NavLink>
                </li>
              )}
            </ul>
          </nav>
          <div className={styles.preferences}>
            <LanguageSelect />
            <CurrencySelect />
          </div>
          <AccountNav />
        </div>

        {/* Outside the folding menu: the cart and its count stay in view on a phone too. */}
        <CartLink />
      </div>
    </header>
  );
}
