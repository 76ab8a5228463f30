import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useProfile } from '../../lib/api/get-profile';
import styles from './header.module.css';

/**
 * An admin's way to the back office: a thin band of the header above its row, so that it takes no
 * width from the links, switchers and account controls, which fill the row in the longer languages.
 * Only a way in: the back office checks the role itself, and the server on every call.
 */
export function AdminBar() {
  const { t } = useTranslation();
  // The role comes with the profile, asked for here because only some pages read it: otherwise an
  // admin who reloads the home page or signs in would see no way to the back office.
  const isAdmin = useProfile().data?.isAdmin === true;
  if (!isAdmin) return null;
  return (
    <div className={styles.adminBar}>
      <NavLink className={styles.adminLink} to="/admin">
        {t('admin.link')}
      </NavLink>
    </div>
  );
}
