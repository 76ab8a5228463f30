import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { useProfile } from '../../../lib/api/get-profile';
import { useTwoStepStatus } from '../../../lib/api/get-two-step-status';
import { adminNav, adminPath } from '../admin-nav';
import styles from './admin-layout.module.css';
import { SecondFactorRequired } from './second-factor-required';

interface AdminLayoutProps {
  /** Shown to anyone who is not an admin: the back office does not admit it exists. */
  notFound: React.ReactNode;
  /** Shown to an admin whose session signed in with the password alone: sign out and in again. */
  signInAgain: React.ReactNode;
}

/**
 * The back office's frame: its navigation and the section below. The profile is read afresh on
 * entry, so a revoked role shows the 404 page; the server refuses non-admins anyway. An admin
 * without a second factor is led to set one up first, and one whose session signed in with the
 * password alone to sign in again with it, as the server asks.
 */
export function AdminLayout({ notFound, signInAgain }: AdminLayoutProps) {
  const { t } = useTranslation();
  const { data: profile, isError, isFetching, refetch } = useProfile();
  const twoStep = useTwoStepStatus(profile?.isAdmin === true);

  if ((!profile && isFetching) || (profile?.isAdmin && twoStep.isPending)) {
    return (
      <p role="status" className={styles.state}>
        {t('admin.loading')}
      </p>
    );
  }
  if ((!profile && isError) || (profile?.isAdmin && !twoStep.data && twoStep.isError)) {
    const retry = () => void (profile ? twoStep.refetch() : refetch());
    return (
      <div role="alert" className={styles.state}>
        <p>{t('admin.loadFailed')}</p>
        <button type="button" className="button button--secondary" onClick={retry}>
          {t('admin.retry')}
        </button>
      </div>
    );
  }
  if (!profile?.isAdmin) return <>{notFound}</>;
  if (twoStep.data && !twoStep.data.secondFactor) return <SecondFactorRequired />;
  if (twoStep.data && !twoStep.data.sessionMultiFactor) return <>{signInAgain}</>;

  return (
    <div className={styles.layout}>
      <nav aria-label={t('admin.nav.label')} className={styles.nav}>
        <p className={styles.title}>{t('admin.title')}</p>
        <ul>
          {adminNav.map((entry) => (
            <li key={entry.to}>
              <NavLink
                to={adminPath(entry.to)}
                end={entry.to === ''}
                className={({ isActive }) => (isActive ? styles.active : undefined)}
              >
                {t(`admin.nav.${entry.labelKey}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.section}>
        <Outlet />
      </div>
    </div>
  );
}
