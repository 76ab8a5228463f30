import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { useProfile } from '../../../lib/api/get-profile';
import { adminNav, adminPath } from '../admin-nav';
import styles from './admin-layout.module.css';

interface AdminLayoutProps {
  /** Shown to anyone who is not an admin: the back office does not admit it exists. */
  notFound: React.ReactNode;
}

/**
 * The back office's frame: its navigation and the section below. The profile is read afresh on
 * entry, so a revoked role shows the 404 page; the server refuses non-admins anyway.
 */
export function AdminLayout({ notFound }: AdminLayoutProps) {
  const { t } = useTranslation();
  const { data: profile, isError, isFetching, refetch } = useProfile();

  if (!profile && isFetching) {
    return (
      <p role="status" className={styles.state}>
        {t('admin.loading')}
      </p>
    );
  }
  if (!profile && isError) {
    return (
      <div role="alert" className={styles.state}>
        <p>{t('admin.loadFailed')}</p>
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          {t('admin.retry')}
        </button>
      </div>
    );
  }
  if (!profile?.isAdmin) return <>{notFound}</>;

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
