import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { adminNav, adminPath } from '../../../features/admin/admin-nav';

/** /admin: what the back office holds, one link per area. */
export default function AdminOverviewPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('admin.title')} intro={t('admin.intro')}>
      <ul>
        {adminNav
          .filter((entry) => entry.to !== '')
          .map((entry) => (
            <li key={entry.to}>
              <Link to={adminPath(entry.to)}>{t(`admin.nav.${entry.labelKey}`)}</Link>
            </li>
          ))}
      </ul>
    </Page>
  );
}
